import type { NeedsFfmpeg } from './convert';
import { MIN_VIDEO_BITRATE, VORBIS_QUALITY } from './bitrate';
import { smallestWanted } from './planner';
import type { AudioFormat, AudioSettings, QualityLevel, VideoSettings } from './types';

// WebM through ffmpeg.wasm is VP8 + Opus: in @ffmpeg/core 0.12 libvpx-vp9 fails on every frame size
// ("memory access out of bounds", both cores) and libopus on stereo input, while libvpx (VP8) and
// ffmpeg's own Opus encoder work.
const CRF: Record<'mp4' | 'webm', Record<QualityLevel, number>> = { mp4: { high: 20, medium: 23, low: 28 }, webm: { high: 8, medium: 12, low: 20 } };
/**
 * libvpx VP8 settings: the smallest-file choice takes 'good' quality at cpu-used 4; the fast one stays real-time.
 * Native libvpx (the same code as ffmpeg.wasm's) on the 8 s 720p pan clip at 1 Mbit/s: realtime/8 SSIM 0.862 in 37 s,
 * good/4 0.960 in 102 s, good/2 0.961 in 331 s (load 11-23 on 2 cores).
 */
const VP8_SPEED = { smallest: ['-deadline', 'good', '-cpu-used', '4'], fast: ['-deadline', 'realtime', '-cpu-used', '8'] };
/** In constant-quality mode libvpx still caps the bit rate (default 256 kbit/s): set the cap out of the way. */
const VP8_CRF_CAP = '20M';
const OPUS = ['-c:a', 'opus', '-strict', '-2'];

/** Scale filter capping the shorter side at `max`, even sizes, never upscaling (for inputs whose size we do not know). */
export function scaleFilter(max: number): string {
  const f = `min(1\\,${max}/min(iw\\,ih))`;
  return `scale=trunc(iw*${f}/2)*2:trunc(ih*${f}/2)*2`;
}

/** ffmpeg arguments for the fallback video path: the same targets as the WebCodecs path. */
export function ffmpegVideoArgs(s: VideoSettings, r: Pick<NeedsFfmpeg, 'input' | 'videoBitrate' | 'audioBitrate' | 'width' | 'height' | 'fps'>) {
  const known = !!(r.width && r.height && r.videoBitrate);
  const args: string[] = [];
  // x264 left to itself starts 1.5 threads per core plus lookahead threads; the threaded core dies on
  // more than 4 ("function signature mismatch" in a pthread). The single-thread core ignores -threads.
  if (s.container === 'mp4') args.push('-c:v', 'libx264', '-preset', 'veryfast', '-threads', '4', '-pix_fmt', 'yuv420p');
  else args.push('-c:v', 'libvpx', ...VP8_SPEED[smallestWanted(s) ? 'smallest' : 'fast'], '-threads', '4');
  // Bit rate where we could compute one (a size asked for is kept as it is); otherwise constant quality
  // (the input could not be measured).
  if (known) args.push('-b:v', String(r.videoBitrate));
  else args.push('-crf', String(CRF[s.container][s.quality]), ...(s.container === 'webm' ? ['-b:v', VP8_CRF_CAP] : []));
  if (known) args.push('-vf', `scale=${r.width}:${r.height}`);
  else if (s.maxHeight) args.push('-vf', scaleFilter(s.maxHeight));
  if (s.maxFps) args.push('-fpsmax', String(s.maxFps));
  const audio = s.keepAudio && (r.input.audio || !r.input.readable);
  if (audio) args.push(...(s.container === 'mp4' ? ['-c:a', 'aac'] : [...OPUS, '-ar', '48000']), '-b:a', String(r.audioBitrate ?? 128000), '-ac', '2');
  else args.push('-an');
  if (s.container === 'mp4') args.push('-movflags', '+faststart');
  const codecs = s.container === 'mp4' ? 'H.264' + (audio ? ' + AAC' : '') : 'VP8' + (audio ? ' + Opus' : '');
  return {
    args,
    ext: s.container,
    mime: s.container === 'mp4' ? 'video/mp4' : 'video/webm',
    facts: { format: `${s.container.toUpperCase()} · ${codecs}`, ...(known ? { width: r.width!, height: r.height! } : {}) } as Record<string, string | number>,
  };
}

/**
 * x264 at a bit rate for a size asked for (where the browser's encoder overshoots it): ABR with a peak of 1.5x and a
 * two-second buffer, the sound as AAC at its share of the size. With `pass`, two-pass: pass 1 writes x264's stats to
 * `pass.log` (pictures only, nothing muxed; the caller adds `-f null`), pass 2 reads them.
 */
export function x264TargetArgs(r: X264Target & { pass?: { n: 1 | 2; log: string } }): string[] {
  const v = Math.round(r.videoBitrate);
  const audio = r.audioBitrate ? ['-c:a', 'aac', '-b:a', String(r.audioBitrate), '-ac', '2'] : ['-an'];
  // The first pass at the second's settings (`-fastfirstpass 0`): x264's fast first pass (1 reference, no partitions,
  // no 8x8 transform or trellis) codes scrolling text so much worse that it sits at QP 51 over the rate, and the
  // stats it leaves make pass 2 plan the whole clip near QP 49: bench/media's screen recording at 10 % came out at
  // SSIM 0.78 against one pass's 0.90; with a full first pass 0.96 (bench/media/README.md, x264-target.mjs).
  const pass = r.pass ? ['-pass', String(r.pass.n), '-passlogfile', r.pass.log, ...(r.pass.n === 1 ? ['-fastfirstpass', '0'] : [])] : [];
  const video = ['-c:v', 'libx264', '-preset', 'faster', '-b:v', String(v), '-maxrate', String(Math.round(v * 1.5)), '-bufsize', String(v * 2), ...pass, '-threads', '4', '-pix_fmt', 'yuv420p', '-vf', `scale=${r.width}:${r.height}`, ...(r.maxFps ? ['-fpsmax', String(r.maxFps)] : [])];
  if (r.pass?.n === 1) return ['-map', '0:v:0', ...video, '-an'];
  return ['-map', '0:v:0', ...(r.audioBitrate ? ['-map', '0:a:0'] : []), ...video, ...audio, '-movflags', '+faststart'];
}

export interface X264Target {
  videoBitrate: number;
  audioBitrate: number;
  width: number;
  height: number;
  maxFps: number;
}

/**
 * Two-pass x264 lands within a few % of its bit rate, either side (bench/media/x264-target.mjs: -1.3 to +4.6 % of the
 * size asked on 8 s 720p pan and dark clips): aimed a little lower so a size asked for is a ceiling. At 0.99 (with
 * the corrected third pass) the six bench cases land 2.1-5.8 % under the size, none over; at 0.97, 4.3-7.5 % under.
 */
export const TWO_PASS_AIM = 0.99;

/** The two passes of x264 for a size asked for, aimed a little under it; `log` is x264's stats file's stem. */
export function x264TwoPassArgs(r: X264Target, log: string): [string[], string[]] {
  const aimed = { ...r, videoBitrate: r.videoBitrate * TWO_PASS_AIM };
  return [x264TargetArgs({ ...aimed, pass: { n: 1, log } }), x264TargetArgs({ ...aimed, pass: { n: 2, log } })];
}

/**
 * Where two passes still landed over the size asked or more than 10 % under it (x264's rate control is off by up to
 * ±20 % on short or very easy clips, bench/media/x264-target.mjs), the video bit rate for one more second pass on the
 * same stats: scaled by what the pictures were given against what they took, aimed at TWO_PASS_AIM again. Null when
 * the file is within -10 %..0 % of the size.
 */
export function x264Correction(r: { videoBitrate: number; audioBitrate: number; duration: number }, targetBytes: number, madeBytes: number): number | null {
  if (madeBytes <= targetBytes && madeBytes >= targetBytes * 0.9) return null;
  // The sound's AAC keeps its bit rate: what is left of the file is the pictures' (and the container's few KB).
  const sound = (r.audioBitrate * r.duration) / 8;
  const took = madeBytes - sound;
  const wanted = targetBytes * TWO_PASS_AIM - sound;
  if (!(took > 0) || !(wanted > 0)) return null;
  // Never under the floor the encoders keep watchable (x264 refuses ~9 kbit/s at 320×240); where the floor is what
  // the file already had, another pass would only repeat it.
  const rate = Math.max(MIN_VIDEO_BITRATE, Math.round(r.videoBitrate * TWO_PASS_AIM * (wanted / took)));
  return Math.abs(rate - r.videoBitrate * TWO_PASS_AIM) < 1000 ? null : rate;
}

/** The files x264 writes beside `-passlogfile <log>` (its stats and the macroblock tree's). */
export const x264PassFiles = (log: string) => [`${log}-0.log`, `${log}-0.log.mbtree`];

const AUDIO_ENCODER: Record<AudioFormat, string[]> = {
  mp3: ['-c:a', 'libmp3lame'],
  wav: ['-c:a', 'pcm_s16le'],
  ogg: OPUS,
  flac: ['-c:a', 'flac'],
  m4a: ['-c:a', 'aac'],
  aac: ['-c:a', 'aac', '-f', 'adts'],
};

const MIME: Record<AudioFormat, string> = { mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', flac: 'audio/flac', m4a: 'audio/mp4', aac: 'audio/aac' };

/** ffmpeg arguments for the fallback audio path. */
export function ffmpegAudioArgs(s: AudioSettings, r: Pick<NeedsFfmpeg, 'audioBitrate'>) {
  const vorbis = s.format === 'ogg' && s.oggCodec === 'vorbis';
  const args = ['-vn', ...(vorbis ? ['-c:a', 'libvorbis'] : AUDIO_ENCODER[s.format])];
  // A bit rate, or for Vorbis by level a VBR quality: never both.
  if (r.audioBitrate) args.push('-b:a', String(r.audioBitrate));
  else if (vorbis) args.push('-q:a', String(VORBIS_QUALITY[s.quality]));
  const rate = s.format === 'ogg' && !vorbis ? 48000 : s.sampleRate;
  if (rate) args.push('-ar', String(rate));
  if (s.channels) args.push('-ac', String(s.channels));
  const label = vorbis ? 'Vorbis' : s.format === 'ogg' ? 'Opus' : s.format === 'wav' ? 'PCM' : s.format === 'mp3' ? 'MP3' : s.format === 'flac' ? 'FLAC' : 'AAC';
  const rateLabel = r.audioBitrate ? `${Math.round(r.audioBitrate / 1000)} kbps` : vorbis ? `VBR q${VORBIS_QUALITY[s.quality]}` : '';
  return { args, ext: s.format, mime: MIME[s.format], facts: { format: [label, rateLabel].filter(Boolean).join(' · ') } as Record<string, string | number> };
}
