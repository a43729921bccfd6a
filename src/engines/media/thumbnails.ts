// The trim timeline's strip of pictures: frames at evenly spaced times, decoded by WebCodecs (mediabunny's
// CanvasSink, each packet decoded at most once) in a media worker of its own, scaled to the strip's slot and handed
// to the page one at a time as ImageBitmaps (moved, not copied), so the strip fills in from the left.
import * as Comlink from 'comlink';
import { ALL_FORMATS, BlobSource, CanvasSink, Input } from 'mediabunny';

/** `index` is the slot (0 = the leftmost); the bitmap is the slot's size, the frame covering it ('cover'). */
export type ThumbnailPort = (index: number, bitmap: ImageBitmap) => void;

/** The time whose frame slot `index` of `count` shows: the middle of the slot's stretch of the timeline. */
export function slotTimes(duration: number, count: number, start = 0): number[] {
  return Array.from({ length: count }, (_, i) => start + ((i + 0.5) * duration) / count);
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
    const start = await track.getFirstTimestamp();
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
