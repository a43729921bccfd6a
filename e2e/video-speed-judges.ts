// Inputs and outside judges of video speed, shared by the Chromium, Firefox and WebKit specs: ffmpeg's lavfi makes a
// 2 s, 160x120, 25 fps clip with a 440 Hz tone once; ffprobe (durations, packet hashes) and sox (frequency) judge.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { soxStat } from './audio-fx-judges';

export const VIDEO_SPEED_DIR = '/tmp/localkit-video-speed-2';
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const lavfi = ['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=2'];

/** clip.mp4 (H.264 + AAC, index first), clip.webm (VP9 + Opus), clip.ts/.avi/.flv, and hostile files: empty, cut short, not a video. */
export function videoSpeedFixtures() {
  const f = (name: string) => path.join(VIDEO_SPEED_DIR, name);
  if (!existsSync(f('done'))) {
    mkdirSync(VIDEO_SPEED_DIR, { recursive: true });
    ffmpeg([...lavfi, '-c:v', 'libx264', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', f('clip.mp4')]);
    ffmpeg([...lavfi, '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-g', '25', '-c:a', 'libopus', '-shortest', f('clip.webm')]);
    writeFileSync(f('empty.mp4'), new Uint8Array(0));
    // The index (moov) first, then half of the pictures and sound: every packet listed, half of them missing.
    const clip = readFileSync(f('clip.mp4'));
    writeFileSync(f('truncated.mp4'), clip.subarray(0, clip.length >> 1));
    writeFileSync(f('not-video.mp4'), '%PDF-1.4 this is not a video\n'.repeat(40));
    // The re-encoded containers: MPEG-TS (its clock not at 0, pictures 0.3 s after the sound), AVI, FLV.
    ffmpeg(['-itsoffset', '0.3', ...lavfi.slice(0, 4), '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=2.3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mpegts', f('clip.ts')]);
    ffmpeg([...lavfi, '-c:v', 'mpeg4', '-c:a', 'libmp3lame', '-shortest', f('clip.avi')]);
    ffmpeg([...lavfi, '-c:v', 'flv1', '-c:a', 'libmp3lame', '-ar', '44100', '-shortest', f('clip.flv')]);
    writeFileSync(f('done'), '');
  }
  return f;
}

const probe = (file: string, args: string[]) => execFileSync('ffprobe', ['-v', 'error', ...args, '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim();

/** ffprobe's durations (container, and each stream) in seconds. */
export function durations(file: string): { format: number; video: number; audio?: number } {
  const stream = (s: string) => probe(file, ['-select_streams', s, '-show_entries', 'stream=duration:format=duration']).split('\n').map(Number);
  const [video, format] = stream('v:0');
  const audio = probe(file, ['-select_streams', 'a:0', '-show_entries', 'stream=duration']);
  return { format, video: Number.isFinite(video) ? video : format, ...(audio ? { audio: Number(audio) || undefined } : {}) };
}

/** The picture packets' md5 and presentation time, by ffmpeg (-c copy: nothing decoded). */
export function videoPackets(file: string): { pts: number; md5: string }[] {
  const [num, den] = probe(file, ['-select_streams', 'v:0', '-show_entries', 'stream=time_base']).split('/').map(Number);
  return execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'framemd5', '-'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(',').map((c) => c.trim()))
    .map((c) => ({ pts: (Number(c[2]) * num) / den, md5: c[5] }));
}

/** The sound's rough frequency (sox, zero crossings), or 0 for a file without sound. */
export function soundFrequency(file: string): number {
  if (!probe(file, ['-select_streams', 'a', '-show_entries', 'stream=codec_name'])) return 0;
  return soxStat(file).frequency;
}
