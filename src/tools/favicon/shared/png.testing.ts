// Reading our PNG files back in tests with a decoder we did not write: jSquash's (the Rust png crate), in Node.
import { pngDecoder } from '../../../engines/codecs/loaders';
import { loadCodecWasmInNode } from '../../../engines/codecs/node-wasm.testing';
import type { Pixels } from '../../../engines/codecs/pixels';

let loaded = false;

export async function decodePng(bytes: Uint8Array): Promise<Pixels> {
  if (!loaded) loadCodecWasmInNode();
  loaded = true;
  const image = await (await pngDecoder())(bytes.slice().buffer);
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
}

export function isOpaque(image: Pixels): boolean {
  for (let i = 3; i < image.data.length; i += 4) if (image.data[i] !== 255) return false;
  return true;
}

/** IHDR's colour type: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
export function pngColorType(bytes: Uint8Array): number {
  return bytes[25];
}

/** Whether the file can hold transparency: an alpha channel, or a tRNS chunk (palette or colour key). */
export function pngHasAlpha(bytes: Uint8Array): boolean {
  const type = pngColorType(bytes);
  if (type === 4 || type === 6) return true;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 8 <= bytes.length; at += 12 + view.getUint32(at)) {
    const name = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (name === 'tRNS') return true;
    if (name === 'IDAT') return false;
  }
  return false;
}
