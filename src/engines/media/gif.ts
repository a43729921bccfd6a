// Video to animated GIF or WebP with ffmpeg.wasm (it ships with the app already): the GIF's palette made from the
// range's own frames (palettegen) and applied with Floyd-Steinberg dithering, only the changed rectangle of each
// frame written (paletteuse diff_mode). bench/media/gif-palette.mjs measured this against ffmpeg's default
// two-pass palettegen/paletteuse on three camera-like clips: as close or closer (SSIM) in fewer bytes on each.

export interface GifJob {
  /** Seconds. */
  start: number;
  end: number;
  fps: number;
  /** Output width in pixels (never more than the video's); the height follows the picture's shape. */
  width: number;
  loop: boolean;
  format: 'gif' | 'webp';
}

export const GIF_FPS = [5, 8, 10, 12, 15, 20, 25, 30] as const;
export const GIF_WIDTHS = [160, 240, 320, 480, 640, 800] as const;
/** More pictures than this make a GIF of hundreds of megabytes: the row asks for a shorter range. */
export const MAX_GIF_FRAMES = 1500;
/** Lossy animated WebP at libwebp quality 95: on the e2e pan clip as close to the video as the GIF (SSIM) at under half its bytes; at 75 it was a sixth of the bytes but clearly less close. */
const WEBP_QUALITY = 95;

export type GifPlan = { inputArgs: string[]; args: string[]; ext: 'gif' | 'webp'; mime: string; seconds: number } | { error: string; params?: Record<string, number> };

/** ffmpeg's arguments for the job, or why it cannot run (error keys the row shows). */
export function gifPlan(job: GifJob, duration?: number): GifPlan {
  if (!(job.end > job.start)) return { error: 'video-to-gif:errors.badRange' };
  if (duration !== undefined && job.start >= duration) return { error: 'video-to-gif:errors.pastEnd', params: { start: job.start, duration: Math.floor(duration * 1000) / 1000 } };
  const seconds = Math.min(job.end, duration ?? Infinity) - job.start;
  const frames = Math.ceil(seconds * job.fps);
  if (frames > MAX_GIF_FRAMES) return { error: 'video-to-gif:errors.tooLong', params: { frames, max: MAX_GIF_FRAMES } };
  // -ss before -i: ffmpeg seeks to the key frame before, then decodes to the exact start.
  const inputArgs = ['-ss', String(job.start), '-t', String(job.end - job.start)];
  const picture = `fps=${job.fps},scale=w='min(${job.width},iw)':h=-1:flags=lanczos`;
  if (job.format === 'webp') {
    return { inputArgs, args: ['-an', '-vf', picture, '-c:v', 'libwebp_anim', '-lossless', '0', '-quality', String(WEBP_QUALITY), '-loop', job.loop ? '0' : '1'], ext: 'webp', mime: 'image/webp', seconds };
  }
  const graph = `[0:v]${picture},split[a][b];[a]palettegen[p];[b][p]paletteuse=dither=floyd_steinberg:diff_mode=rectangle`;
  // GIF muxer: 0 loops for ever, -1 plays once.
  return { inputArgs, args: ['-an', '-filter_complex', graph, '-loop', job.loop ? '0' : '-1'], ext: 'gif', mime: 'image/gif', seconds };
}

/** Width and height of a GIF (logical screen) or an animated WebP (VP8X canvas); undefined for anything else. */
export function animationSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 10 && ascii(0, 3) === 'GIF') return { width: bytes[6] | (bytes[7] << 8), height: bytes[8] | (bytes[9] << 8) };
  if (bytes.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 16) === 'WEBPVP8X') {
    return { width: 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16)), height: 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16)) };
  }
  return undefined;
}

/** Whether a GIF loops: the NETSCAPE2.0 block is there (ffmpeg leaves it out for -loop -1). */
export function gifLoops(bytes: Uint8Array): boolean {
  const text = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 4096)));
  return text.includes('NETSCAPE2.0');
}
