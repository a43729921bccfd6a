// The frames of an animated GIF as the browser shows them: WebCodecs ImageDecoder gives composited full frames
// with their durations (Chromium, Firefox; not in Node, where animations are written as their first frame).
import type { Pixels } from './pixels';

export type Resize = (p: Pixels, width: number, height: number) => Promise<Pixels>;

interface DecodedFrame {
  pixels: Pixels;
  /** Milliseconds. */
  delay: number;
}

export function canDecodeFrames(): boolean {
  return typeof (globalThis as { ImageDecoder?: unknown }).ImageDecoder === 'function';
}

/** Opens an animation: its frame count and the frames one at a time (a long GIF never sits in memory whole). */
export async function openFrames(bytes: Uint8Array): Promise<{ count: number; frames: AsyncGenerator<DecodedFrame> }> {
  const decoder = new ImageDecoder({ data: bytes, type: 'image/gif' });
  try {
    await decoder.tracks.ready;
  } catch (error) {
    decoder.close();
    throw error;
  }
  const count = decoder.tracks.selectedTrack?.frameCount ?? 1;
  async function* frames(): AsyncGenerator<DecodedFrame> {
    try {
      for (let i = 0; i < count; i++) {
        const { image } = await decoder.decode({ frameIndex: i });
        const width = image.displayWidth;
        const height = image.displayHeight;
        const canvas = new OffscreenCanvas(width, height);
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(image, 0, 0);
        const delay = Math.round((image.duration ?? 100_000) / 1000);
        image.close();
        yield { pixels: { data: ctx.getImageData(0, 0, width, height).data, width, height }, delay };
      }
    } finally {
      decoder.close();
    }
  }
  return { count, frames: frames() };
}
