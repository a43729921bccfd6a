// Fixtures and outside judges for video merge (Chromium spec and the Firefox/WebKit smokes): small flash-and-beep
// clips made once by ffmpeg, and where ffmpeg itself finds the flashes (signalstats) and the beeps (silencedetect).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { madeOnce } from './support/made-once';

export const MERGE_DIR = path.join(tmpdir(), 'localkit-video-merge');
export const FRAME = 1 / 25;

/** A 25 fps H.264 clip: black, one white frame at `flash` s and (with `rate`) a 40 ms 1 kHz beep at the same instant. */
function flashClip(name: string, flash: number, seconds: number, size: string, rate: number | null): string {
  return madeOnce(MERGE_DIR, name, (partial) => {
    const video = `[0:v]drawbox=c=white:t=fill:enable='between(t,${flash},${flash + 0.039})'[v]`;
    const audio = rate ? ['-f', 'lavfi', '-i', `sine=f=1000:r=${rate}:d=${seconds}`] : [];
    const filter = rate ? `${video};[1:a]volume=enable='not(between(t,${flash},${flash + 0.04}))':volume=0[a]` : video;
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=black:s=${size}:r=25:d=${seconds}`, ...audio, '-filter_complex', filter, '-map', '[v]', ...(rate ? ['-map', '[a]', '-c:a', 'aac', '-ac', '2'] : []), '-c:v', 'libx264', '-preset', 'veryfast', '-g', '25', '-pix_fmt', 'yuv420p', '-shortest', partial]);
  });
}

/** The clips: a, b, c match (160×120, AAC 48 kHz); wide (320×180, 44.1 kHz) and silent (no sound) do not. */
export function mergeFixtures() {
  mkdirSync(MERGE_DIR, { recursive: true });
  const empty = path.join(MERGE_DIR, 'empty.mp4');
  writeFileSync(empty, '');
  const a = flashClip('a.mp4', 0.8, 1.6, '160x120', 48000);
  const truncated = path.join(MERGE_DIR, 'truncated.mp4');
  writeFileSync(truncated, execFileSync('head', ['-c', '2500', a]));
  return {
    a,
    b: flashClip('b.mp4', 0.4, 1.2, '160x120', 48000),
    c: flashClip('c.mp4', 1, 2, '160x120', 48000),
    wide: flashClip('wide.mp4', 0.6, 1.4, '320x180', 44100),
    silent: flashClip('silent.mp4', 0.52, 1, '160x120', null),
    empty,
    truncated,
  };
}

export const probeDuration = (file: string) => Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }));
export const probeSize = (file: string) => execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0:s=x', file], { encoding: 'utf8' }).trim();

/** The video packets' hashes, as ffmpeg copies them (nothing decoded). */
export const videoPacketHashes = (file: string) =>
  execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:v', '-c', 'copy', '-f', 'framemd5', '-'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(',').at(-1)!.trim());

/** The times of the white frames' first frames (signalstats' mean luma above mid-grey). */
export function flashTimes(file: string): number[] {
  const log = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-an', '-vf', 'signalstats,metadata=print:key=lavfi.signalstats.YAVG:file=-', '-f', 'null', '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const times: number[] = [];
  let t = 0;
  let lit = false;
  for (const line of log.split('\n')) {
    const pts = /pts_time:([\d.]+)/.exec(line);
    if (pts) t = Number(pts[1]);
    const y = /YAVG=([\d.]+)/.exec(line);
    if (y) {
      const white = Number(y[1]) > 128;
      if (white && !lit) times.push(t);
      lit = white;
    }
  }
  return times;
}

/** Where the beeps start (silencedetect's silence ends, the file's end left out). */
export function beepTimes(file: string): number[] {
  const end = probeDuration(file);
  const log = spawnSync('ffmpeg', ['-v', 'info', '-nostats', '-i', file, '-vn', '-af', 'silencedetect=n=-30dB:d=0.01', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
  return [...log.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1])).filter((t) => t < end - 0.05);
}
