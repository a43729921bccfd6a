// An animated GIF to an animated GIF: every frame decoded by the browser (WebCodecs ImageDecoder, composited
// full frames with their durations), resized when asked, and written again with gifenc (a palette per frame).
import { gif } from './loaders';
import { openFrames, type Resize } from './animation-frames';

export async function encodeAnimatedGif(
  bytes: Uint8Array,
  size: { width: number; height: number } | null,
  resize: Resize,
  onFrame: (done: number, total: number) => void = () => {},
): Promise<{ bytes: Uint8Array; width: number; height: number; frames: number }> {
  const { count, frames } = await openFrames(bytes);
  const { quantize, applyPalette, GIFEncoder } = await gif();
  const stream = GIFEncoder();
  let width = 0;
  let height = 0;
  let done = 0;
  for await (const frame of frames) {
    const p = size ? await resize(frame.pixels, size.width, size.height) : frame.pixels;
    width = p.width;
    height = p.height;
    const palette = quantize(p.data, 256, { format: 'rgba4444', oneBitAlpha: true });
    const index = applyPalette(p.data, palette, 'rgba4444');
    const transparentIndex = palette.findIndex((c) => c[3] === 0);
    stream.writeFrame(index, p.width, p.height, { palette: palette.map((c) => c.slice(0, 3)), transparent: transparentIndex >= 0, transparentIndex: Math.max(0, transparentIndex), delay: frame.delay, repeat: 0 });
    onFrame(++done, count);
  }
  stream.finish();
  return { bytes: stream.bytes(), width, height, frames: done };
}
