// For tests only (Node, unit and e2e): where each stream of a media file starts and ends, read by ffprobe (a judge we
// did not write), on the file's own clock: from the container's start, as ffmpeg plays it (a TS's clock does not start
// at 0). Decoded frames, so an MP4's edit list and the AAC encoder's priming are taken into account.
import { execFileSync } from 'node:child_process';

export interface StreamTimes {
  /** The container's duration, as its header says. */
  duration: number;
  /** Where the last stream ends: after the last sample, or the last picture plus the interval before it. */
  end: number;
  /** Each picture's presentation time, in order. */
  video: number[];
  /**
   * The sound's first and last sample times (end = after the last sample) and the length of its frames (a codec's ends
   * fall on them: AAC 1024 samples, MP3 1152), or null without sound.
   */
  audio: { start: number; end: number; frame: number } | null;
}

const probe = (file: string, args: string[]) => execFileSync('ffprobe', ['-v', 'error', ...args, '-of', 'csv=p=0', file], { encoding: 'utf8', maxBuffer: 64 << 20 }).trim();
// A frame's side data (an H.264 SEI) prints its own lines: only the lines that start with a number are frames.
const rows = (text: string) => text.split('\n').filter((l) => /^-?\d/.test(l)).map((l) => l.split(',').map(Number));

export function streamTimes(file: string): StreamTimes {
  const [start, duration] = probe(file, ['-show_entries', 'format=start_time,duration']).split(',').map(Number);
  const origin = Number.isFinite(start) ? start : 0;
  const video = rows(probe(file, ['-select_streams', 'v:0', '-show_frames', '-show_entries', 'frame=pts_time']))
    .map(([t]) => t - origin)
    .sort((a, b) => a - b);
  // A TS prints its streams once more under its program: the first line is the one.
  const rate = Number(probe(file, ['-select_streams', 'a:0', '-show_entries', 'stream=sample_rate']).split('\n')[0]);
  const sound = rate ? rows(probe(file, ['-select_streams', 'a:0', '-show_frames', '-show_entries', 'frame=pts_time,nb_samples'])) : [];
  const audio = sound.length ? { start: sound[0][0] - origin, end: sound.at(-1)![0] + sound.at(-1)![1] / rate - origin, frame: sound[0][1] / rate } : null;
  const pictures = video.length > 1 ? video.at(-1)! + video.at(-1)! - video.at(-2)! : 0;
  return { duration, end: Math.max(pictures, audio?.end ?? 0), video, audio };
}

/** The largest gap between the times two lists give the same picture (they must have as many). */
export function largestShift(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return Infinity;
  return a.reduce((worst, t, i) => Math.max(worst, Math.abs(t - b[i])), 0);
}
