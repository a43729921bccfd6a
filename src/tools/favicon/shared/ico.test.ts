import { beforeAll, describe, expect, it } from 'vitest';
import type { Pixels } from '../../../engines/codecs/pixels';
import { loadCodecWasmInNode } from '../../../engines/codecs/node-wasm.testing';
import { encodePng } from './encode';
import { encodeIco } from './ico';
import { decodeIco, readIco } from './ico.testing';
import { decodePng, pngColorType } from './png.testing';

beforeAll(loadCodecWasmInNode);

/** A deterministic test picture: gradients with a transparent corner and a few half-transparent pixels. */
function picture(size: number, seed: number): Pixels {
  const data = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const o = (y * size + x) * 4;
      data[o] = (x * 255) / (size - 1);
      data[o + 1] = (y * 255) / (size - 1);
      data[o + 2] = (x * y + seed * 31) % 256;
      data[o + 3] = x < size / 4 && y < size / 4 ? 0 : (x + y) % 7 === 0 ? 128 : 255;
    }
  }
  return { width: size, height: size, data };
}

describe('ICO', () => {
  const images = [16, 32, 48].map((s, i) => picture(s, i));
  let pngs: Uint8Array[];
  let ico: Uint8Array;
  beforeAll(async () => {
    pngs = await Promise.all(images.map(encodePng));
    ico = encodeIco(pngs);
  });

  it('writes a real ICONDIR with one entry per size', () => {
    const view = new DataView(ico.buffer);
    expect(view.getUint16(0, true)).toBe(0); // reserved
    expect(view.getUint16(2, true)).toBe(1); // type: icon
    expect(view.getUint16(4, true)).toBe(3); // count
    const entries = readIco(ico);
    expect(entries.map((e) => [e.width, e.height, e.bitCount, e.format])).toEqual([
      [16, 16, 32, 'png'],
      [32, 32, 32, 'png'],
      [48, 48, 32, 'png'],
    ]);
    // Entries are laid out back to back after the directory, each as long as its PNG.
    expect(view.getUint32(6 + 12, true)).toBe(6 + 3 * 16);
    expect(entries.map((e) => e.data.length)).toEqual(pngs.map((p) => p.length));
    expect(ico.length).toBe(6 + 3 * 16 + pngs.reduce((s, p) => s + p.length, 0));
  });

  it('decodes back (with the jSquash PNG decoder) to the same sizes and the same pixels', async () => {
    const decoded = await decodeIco(ico);
    decoded.forEach((entry, i) => {
      expect(entry.image.width).toBe(images[i].width);
      expect(entry.image.height).toBe(images[i].height);
      expect(Array.from(entry.image.data)).toEqual(Array.from(images[i].data));
    });
  });

  it('stores 256 px as 0 in the directory and rejects larger images', async () => {
    const big = await encodePng(picture(256, 1));
    const entry = readIco(encodeIco([big]))[0];
    expect([entry.width, entry.height]).toEqual([256, 256]);
    expect(encodeIco([big])[6]).toBe(0);
    const huge = await encodePng(picture(257, 1));
    expect(() => encodeIco([huge])).toThrow();
  });

  it('reads 32-bit BMP entries too (bottom-up BGRA with an AND mask)', async () => {
    const w = 2;
    const h = 2;
    const dib = new Uint8Array(40 + w * h * 4 + 8);
    const v = new DataView(dib.buffer);
    v.setUint32(0, 40, true);
    v.setInt32(4, w, true);
    v.setInt32(8, h * 2, true);
    v.setUint16(12, 1, true);
    v.setUint16(14, 32, true);
    // bottom row first: (0,1) red, (1,1) green; top row: (0,0) blue, (1,0) transparent
    dib.set([0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 0, 0, 0, 0], 40);
    const file = new Uint8Array(6 + 16 + dib.length);
    const fv = new DataView(file.buffer);
    fv.setUint16(2, 1, true);
    fv.setUint16(4, 1, true);
    file[6] = w;
    file[7] = h;
    fv.setUint16(6 + 6, 32, true);
    fv.setUint32(6 + 8, dib.length, true);
    fv.setUint32(6 + 12, 22, true);
    file.set(dib, 22);
    const [entry] = await decodeIco(file);
    expect(entry.format).toBe('bmp');
    expect(Array.from(entry.image.data)).toEqual([0, 0, 255, 255, 0, 0, 0, 0, 255, 0, 0, 255, 0, 255, 0, 255]);
  });

  it('refuses malformed files', () => {
    expect(() => readIco(new Uint8Array(0))).toThrow();
    expect(() => readIco(new Uint8Array([0, 0, 2, 0, 1, 0]))).toThrow(); // a cursor, not an icon
    expect(() => readIco(ico.subarray(0, 40))).toThrow(); // entries point past the end
    expect(() => encodeIco([new Uint8Array(64)])).toThrow(); // an entry that is not a PNG
  });
});

describe('PNG (OxiPNG, read back with jSquash)', () => {
  it('round-trips RGBA exactly and writes opaque images without alpha', async () => {
    const img = picture(37, 3);
    const rgba = await encodePng(img);
    expect(pngColorType(rgba)).toBe(6);
    expect(Array.from((await decodePng(rgba)).data)).toEqual(Array.from(img.data));
    const opaque = { ...img, data: img.data.map((v, i) => (i % 4 === 3 ? 255 : v)) };
    const rgb = await encodePng(opaque);
    expect(pngColorType(rgb)).toBe(2);
    expect(Array.from((await decodePng(rgb)).data)).toEqual(Array.from(opaque.data));
  });
});
