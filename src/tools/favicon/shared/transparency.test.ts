// Issue 12: a transparent logo stays transparent in every icon but the apple-touch icon (and the
// full-bleed maskable one); the "make it square" choice has "keep as is" for square sources.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCodecWasmInNode } from '../../../engines/codecs/node-wasm.testing';
import { encodeIcons } from './encode';
import { decodeIco } from './ico.testing';
import { decodePng } from './png.testing';
import type { Rgb } from '../../../lib/hex-colour';
import { effectiveMode, iconImagesFromSource, squareChoices, toSquare } from './raster';

function badge(side: number) {
  // A green disc on transparency.
  const data = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) if ((x - side / 2) ** 2 + (y - side / 2) ** 2 < (side * 0.4) ** 2) data.set([10, 150, 60, 255], (y * side + x) * 4);
  return { width: side, height: side, data };
}

describe('favicon transparency', () => {
  beforeAll(loadCodecWasmInNode);
  it('keeps a square transparent source as it is by default', () => {
    const src = badge(64);
    expect(toSquare(src, 'keep')).toBe(src);
    expect(effectiveMode('keep', true)).toBe('keep');
    // On a non-square source "keep" cannot apply: it fits the image whole on transparency.
    expect(effectiveMode('keep', false)).toBe('fit');
    const wide = toSquare({ width: 4, height: 2, data: new Uint8ClampedArray(4 * 2 * 4).fill(255) }, 'keep');
    expect([wide.width, wide.height, wide.data[3]]).toEqual([4, 4, 0]);
  });
  it('writes favicon.ico, the 16/32 px PNGs and the Android icons with transparent corners; only apple-touch and maskable are opaque', async () => {
    const bg: Rgb = [255, 136, 0];
    const { pngs, ico } = await encodeIcons(await iconImagesFromSource(badge(128), 'keep', bg));
    for (const key of ['png16', 'png32', 'android192', 'android512'] as const) expect((await decodePng(pngs[key])).data[3], key).toBe(0);
    for (const entry of await decodeIco(ico)) expect(entry.image.data[3], `ico ${entry.width}`).toBe(0);
    expect(Array.from((await decodePng(pngs.apple180)).data.subarray(0, 4))).toEqual([255, 136, 0, 255]);
    expect((await decodePng(pngs.maskable512)).data[3]).toBe(255);
  }, 30_000);
  it('offers "keep as is" or the background colour for a square source, crop/fit/pad for any other', () => {
    expect(squareChoices(true)).toEqual(['keep', 'pad']);
    expect(squareChoices(false)).toEqual(['crop', 'fit', 'pad']);
    expect(effectiveMode('crop', true)).toBe('keep');
    expect(effectiveMode('pad', true)).toBe('pad');
  });
});
