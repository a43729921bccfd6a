// An animated GIF to an animated GIF: every frame decoded by the browser (WebCodecs ImageDecoder, composited
// full frames with their durations), resized when asked, and written again with gifenc (a palette per frame).
import { gif } from './loaders';
import type { Pixels } from './pixels';

type Resize = (p: Pixels, width: number, height: number) => Promise<Pixels>;

interface DecodedFrame {
  pixels: Pixels;
  /** Milliseconds. */
  delay: number;
}

export function canDecodeFrames(): boolean {
  return typeof (globalThis as { ImageDecoder?: unknown }).ImageDecoder === 'function';
}

async function decodeFrames(bytes: Uint8Array): Promise<DecodedFrame[]> {
  const decoder = new ImageDecoder({ data: bytes, type: 'image/gif' });
  try {
    await decoder.tracks.ready;
    const count = decoder.tracks.selectedTrack?.frameCount ?? 1;
    const frames: DecodedFrame[] = [];
    for (let i = 0; i < count; i++) {
      const { image } = await decoder.decode({ frameIndex: i });
      const width = image.displayWidth;
      const height = image.displayHeight;
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const delay = Math.round((image.duration ?? 100_000) / 1000);
      image.close();
      frames.push({ pixels: { data: ctx.getImageData(0, 0, width, height).data, width, height }, delay });
    }
    return frames;
  } finally {
    decoder.close();
  }
}

export async function encodeAnimatedGif(bytes: Uint8Array, size: { width: number; height: number } | null, resize: Resize): Promise<{ bytes: Uint8Array; width: number; height: number; frames: number }> {
  const frames = await decodeFrames(bytes);
  const { quantize, applyPalette, GIFEncoder } = await gif();
  const stream = GIFEncoder();
  let width = frames[0].pixels.width;
  let height = frames[0].pixels.height;
  for (const frame of frames) {
    const p = size ? await resize(frame.pixels, size.width, size.height) : frame.pixels;
    width = p.width;
    height = p.height;
    const palette = quantize(p.data, 256, { format: 'rgba4444', oneBitAlpha: true });
    const index = applyPalette(p.data, palette, 'rgba4444');
    const transparentIndex = palette.findIndex((c) => c[3] === 0);
    stream.writeFrame(index, p.width, p.height, { palette: palette.map((c) => c.slice(0, 3)), transparent: transparentIndex >= 0, transparentIndex: Math.max(0, transparentIndex), delay: frame.delay, repeat: 0 });
  }
  stream.finish();
  return { bytes: stream.bytes(), width, height, frames: frames.length };
}
