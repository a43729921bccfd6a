import { formatMediaTime } from '../../lib/media-time';

// Which moments of a video become pictures: one typed time, or every N seconds from the start.

/** At most this many pictures from one video: past it the row asks for a longer interval. */
export const MAX_FRAMES = 1000;

export type FramePick = { at: number } | { every: number };

/**
 * The times to take, in seconds, for a video `duration` long. A time past the end, or more pictures than
 * MAX_FRAMES, is an error key the row shows.
 */
export function frameTimes(pick: FramePick, duration: number): { times: number[] } | { error: string; params?: Record<string, number> } {
  if ('at' in pick) {
    if (!(pick.at >= 0)) return { error: 'video-frames:errors.badTime' };
    if (pick.at >= duration) return { error: 'video-frames:errors.pastEnd', params: { time: pick.at, duration: Math.floor(duration * 1000) / 1000 } };
    return { times: [pick.at] };
  }
  if (!(pick.every > 0)) return { error: 'video-frames:errors.badInterval' };
  const count = Math.floor(duration / pick.every - 1e-9) + 1;
  if (count > MAX_FRAMES) return { error: 'video-frames:errors.tooMany', params: { count, max: MAX_FRAMES } };
  // Multiplied, not summed: 0.1 added 30 times is not 3.
  return { times: Array.from({ length: count }, (_, i) => Math.round(i * pick.every * 1e6) / 1e6) };
}

/** A picture's file name: the video's name and the time, e.g. "clip-00-01.500.png". */
export function frameName(videoName: string, time: number, extension: string): string {
  const base = videoName.replace(/\.[^.]+$/, '') || 'video';
  return `${base}-${formatMediaTime(time, '-')}.${extension}`;
}

/**
 * Splits ffmpeg's image2pipe PNG stream into its pictures: each ends with an IEND chunk (length 0, type, CRC).
 */
export function splitPngStream(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let start = 0;
  for (let i = start + 8; i + 8 <= bytes.length; i++) {
    if (bytes[i] === 0x49 && bytes[i + 1] === 0x45 && bytes[i + 2] === 0x4e && bytes[i + 3] === 0x44 && bytes[i - 4] === 0 && bytes[i - 3] === 0 && bytes[i - 2] === 0 && bytes[i - 1] === 0) {
      const end = i + 8;
      out.push(bytes.subarray(start, end));
      start = end;
      i = end + 8;
    }
  }
  return out;
}
