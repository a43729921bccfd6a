// Test input: an animation that is all frames and no pixels (issue 25.6).

/** A GIF89a of `frames` 1×1 images (each with its own 2-colour table) on a width × height logical screen. */
export function manyFrameGif(width: number, height: number, frames: number): Uint8Array {
  const head = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, width & 255, width >> 8, height & 255, height >> 8, 0, 0, 0];
  // image descriptor at 0,0 of 1×1 with a local colour table of 2 entries; LZW code size 2: clear, 0, end
  const frame = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x80, 0, 0, 0, 255, 255, 255, 2, 2, 0x44, 0x01, 0];
  const out = new Uint8Array(head.length + frame.length * frames + 1);
  out.set(head);
  for (let i = 0; i < frames; i++) out.set(frame, head.length + i * frame.length);
  out[out.length - 1] = 0x3b;
  return out;
}
