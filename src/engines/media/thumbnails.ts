// The trim timeline's strip of pictures: frames at evenly spaced times, decoded by WebCodecs (mediabunny's
// CanvasSink, each packet decoded at most once) in a media worker of its own, scaled to the strip's slot and handed
// to the page one at a time as ImageBitmaps (moved, not copied), so the strip fills in from the left.
import * as Comlink from 'comlink';
import { ALL_FORMATS, BlobSource, CanvasSink, Input, type InputTrack } from 'mediabunny';

/** `index` is the slot (0 = the leftmost); the bitmap is the slot's size, the frame covering it ('cover'). */
export type ThumbnailPort = (index: number, bitmap: ImageBitmap) => void;

/** The time whose frame slot `index` of `count` shows: the middle of the slot's stretch of the timeline. */
export function slotTimes(duration: number, count: number, start = 0): number[] {
  return Array.from({ length: count }, (_, i) => start + ((i + 0.5) * duration) / count);
}

/**
 * Where the file's clock starts: its earliest stream's first time, as ffmpeg counts (a TS's clock does not start at 0,
 * and its pictures may start after its sound), so the timeline's times are the ones the re-encode cuts at.
 */
async function clockStart(tracks: (InputTrack | null)[]): Promise<number> {
  const firsts = await Promise.all(tracks.map((t) => t?.getFirstTimestamp().catch(() => Infinity) ?? Infinity));
  const start = Math.min(...firsts);
  return Number.isFinite(start) ? start : 0;
}

/**
 * The timeline of a video the page's player cannot open (MPEG-TS: no browser plays it): its length and its pictures'
 * width/height, read by mediabunny, or null where it cannot read the file either (AVI, FLV).
 */
export async function videoTimeline(file: Blob): Promise<{ duration: number; aspect: number } | null> {
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    const [video, audio] = await Promise.all([input.getPrimaryVideoTrack(), input.getPrimaryAudioTrack()]);
    if (!video) return null;
    const duration = (await input.computeDuration()) - (await clockStart([video, audio]));
    return duration > 0 ? { duration, aspect: video.displayWidth / video.displayHeight } : null;
  } catch {
    return null;
  } finally {
    input.dispose();
  }
}

/**
 * Decodes `count` frames of `file` spread over its length, each drawn at `width`×`height`, and gives each to `onThumb`
 * as soon as it is ready. Returns how many it gave: 0 where the container or the codec is beyond the browser
 * (the strip stays empty; the player and the typed times still work).
 */
export async function videoThumbnails(file: Blob, count: number, width: number, height: number, onThumb: ThumbnailPort): Promise<number> {
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryVideoTrack().catch(() => null);
    if (!track || !(await track.canDecode())) return 0;
    const start = await clockStart([track, await input.getPrimaryAudioTrack().catch(() => null)]);
    const duration = (await input.computeDuration()) - start;
    if (!(duration > 0)) return 0;
    const sink = new CanvasSink(track, { width, height, fit: 'cover' });
    let given = 0;
    let index = 0;
    for await (const wrapped of sink.canvasesAtTimestamps(slotTimes(duration, count, start))) {
      const slot = index++;
      if (!wrapped) continue;
      const bitmap = (wrapped.canvas as OffscreenCanvas).transferToImageBitmap();
      await onThumb(slot, Comlink.transfer(bitmap, [bitmap]));
      given++;
    }
    return given;
  } finally {
    input.dispose();
  }
}
