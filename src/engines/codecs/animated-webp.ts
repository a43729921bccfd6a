// An animated GIF to an animated WebP: frame by frame, decoded by the browser, resized when asked, encoded as
// a still WebP by libwebp (jSquash) at the job's quality, then muxed into one animation (webp-mux.ts).
import { openFrames, type Resize } from './animation-frames';
import { encodeImage, type EncodeOptions } from './encode';
import { muxAnimatedWebp, type WebpFrame } from './webp-mux';

export async function encodeAnimatedWebp(
  bytes: Uint8Array,
  size: { width: number; height: number } | null,
  resize: Resize,
  options: EncodeOptions,
  onFrame: (done: number, total: number) => void = () => {},
): Promise<{ bytes: Uint8Array; width: number; height: number; frames: number }> {
  const { count, frames } = await openFrames(bytes);
  const encoded: WebpFrame[] = [];
  let width = 0;
  let height = 0;
  let alpha = false;
  for await (const frame of frames) {
    const p = size ? await resize(frame.pixels, size.width, size.height) : frame.pixels;
    width = p.width;
    height = p.height;
    for (let i = 3; !alpha && i < p.data.length; i += 4) alpha = p.data[i] < 255;
    encoded.push({ webp: await encodeImage(p, 'webp', options), duration: frame.delay });
    onFrame(encoded.length, count);
  }
  return { bytes: muxAnimatedWebp(encoded, width, height, { alpha }), width, height, frames: encoded.length };
}
