// Reading ICO files back, for tests: the app writes ICOs (ico.ts) and never reads one.
import { detectFormat } from '../../../engines/codecs/formats';
import type { Pixels } from '../../../engines/codecs/pixels';
import { DIR, ENTRY, type IcoEntry } from './ico';
import { decodePng } from './png.testing';

/** Reads an ICO's directory and the bytes of each image; throws on a malformed file. */
export function readIco(bytes: Uint8Array): IcoEntry[] {
  if (bytes.length < DIR) throw new Error('ICO too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint16(0, true) !== 0 || view.getUint16(2, true) !== 1) throw new Error('not an ICO');
  const count = view.getUint16(4, true);
  if (count === 0 || DIR + ENTRY * count > bytes.length) throw new Error('bad ICO directory');
  const entries: IcoEntry[] = [];
  for (let i = 0; i < count; i++) {
    const e = DIR + ENTRY * i;
    const size = view.getUint32(e + 8, true);
    const offset = view.getUint32(e + 12, true);
    if (offset < DIR + ENTRY * count || offset + size > bytes.length) throw new Error('ICO entry outside the file');
    const data = bytes.subarray(offset, offset + size);
    entries.push({
      width: bytes[e] || 256,
      height: bytes[e + 1] || 256,
      bitCount: view.getUint16(e + 6, true),
      format: detectFormat(data) === 'png' ? 'png' : 'bmp',
      data,
    });
  }
  return entries;
}

/** Decodes one ICO entry to RGBA: a PNG (with jSquash's decoder), or a 32-bit BMP (bottom-up BGRA + AND mask). */
async function decodeIcoEntry(entry: IcoEntry): Promise<Pixels> {
  if (entry.format === 'png') return decodePng(entry.data);
  const d = entry.data;
  const view = new DataView(d.buffer, d.byteOffset, d.byteLength);
  const headerSize = view.getUint32(0, true);
  const width = view.getInt32(4, true);
  const height = view.getInt32(8, true) / 2; // XOR image + AND mask
  const bitCount = view.getUint16(14, true);
  if (bitCount !== 32 || width <= 0 || height <= 0) throw new Error(`unsupported ICO bitmap (${bitCount} bpp)`);
  const pixels = headerSize;
  if (pixels + width * height * 4 > d.length) throw new Error('truncated ICO bitmap');
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const src = pixels + (height - 1 - y) * width * 4;
    for (let x = 0; x < width; x++) {
      const s = src + x * 4;
      const o = (y * width + x) * 4;
      out[o] = d[s + 2];
      out[o + 1] = d[s + 1];
      out[o + 2] = d[s];
      out[o + 3] = d[s + 3];
    }
  }
  return { width, height, data: out };
}

/** Every image of an ICO, decoded, with its directory entry. */
export async function decodeIco(bytes: Uint8Array): Promise<Array<IcoEntry & { image: Pixels }>> {
  return Promise.all(readIco(bytes).map(async (entry) => ({ ...entry, image: await decodeIcoEntry(entry) })));
}
