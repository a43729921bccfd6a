import { beforeAll, describe, expect, it } from 'vitest';
import type { Pixels } from '../../../engines/codecs/pixels';
import { loadCodecWasmInNode } from '../../../engines/codecs/node-wasm.testing';
import { encodeIcons } from './encode';
import { decodeIco } from './ico.testing';
import { decodePng, isOpaque, pngHasAlpha } from './png.testing';
import type { Rgb } from '../../../lib/hex-colour';
import { iconImagesFromSource, toSquare } from './raster';
import { ICON_KEYS, ICON_SIZE, MASKABLE_CONTENT, type IconImages } from './spec';
import { cpuClock } from '../../../lib/testing/cpuClock';

function logo(w: number, h: number): Pixels {
  // A dark-blue rounded "logo" on transparency, with a white bar: a typical 600×400 brand mark.
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const inside = x > w * 0.05 && x < w * 0.95 && y > h * 0.05 && y < h * 0.95;
      const bar = y > h * 0.45 && y < h * 0.55;
      data.set(inside ? (bar ? [255, 255, 255, 255] : [20, 40, 160, 255]) : [0, 0, 0, 0], (y * w + x) * 4);
    }
  }
  return { width: w, height: h, data };
}

const px = (img: Pixels, x: number, y: number) => Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));

describe('making a source square', () => {
  const src = logo(600, 400);
  const bg: Rgb = [255, 136, 0];
  beforeAll(loadCodecWasmInNode);
  it('crops the centre', () => {
    const sq = toSquare(src, 'crop');
    expect([sq.width, sq.height]).toEqual([400, 400]);
    expect(px(sq, 0, 200)).toEqual(px(src, 100, 200));
  });
  it('fits on transparency or pads with the background colour', async () => {
    const fit = toSquare(src, 'fit');
    expect([fit.width, fit.height]).toEqual([600, 600]);
    expect(px(fit, 300, 5)).toEqual([0, 0, 0, 0]);
    expect(px(fit, 300, 300)).toEqual(px(src, 300, 200));
    // "pad": the margins of every icon are the background colour, exactly; the logo is in the middle.
    const pad = await iconImagesFromSource(src, 'pad', bg);
    for (const key of ICON_KEYS) {
      const side = ICON_SIZE[key];
      expect(px(pad[key], side >> 1, 0), key).toEqual([255, 136, 0, 255]);
      expect(px(pad[key], 0, side - 1), key).toEqual([255, 136, 0, 255]);
    }
    // Where the logo is opaque, the padded icon is the fitted one.
    const fitted = await iconImagesFromSource(src, 'fit', bg);
    expect(px(pad.android512, 256, 150)).toEqual(px(fitted.android512, 256, 150));
    expect(px(pad.android512, 256, 150)[3]).toBe(255);
  });
});

describe('the icon set from a master image', () => {
  const bg: Rgb = [255, 255, 255];
  let images: IconImages;
  beforeAll(async () => {
    loadCodecWasmInNode();
    images = await iconImagesFromSource(logo(600, 400), 'fit', bg);
  });

  it('has every size, an opaque apple-touch-icon and a maskable icon with its content in the safe zone', () => {
    for (const key of ICON_KEYS) expect([images[key].width, images[key].height], key).toEqual([ICON_SIZE[key], ICON_SIZE[key]]);
    expect(isOpaque(images.apple180)).toBe(true);
    expect(isOpaque(images.maskable512)).toBe(true);
    expect(isOpaque(images.android512)).toBe(false);
    // Outside the inscribed square of the 80% safe circle there is only background.
    const margin = Math.ceil((512 * (1 - MASKABLE_CONTENT)) / 2) - 1;
    for (const [x, y] of [[margin, 256], [256, margin], [511 - margin, 256], [0, 0], [511, 511]]) expect(px(images.maskable512, x, y)).toEqual([255, 255, 255, 255]);
    expect(px(images.maskable512, 256, 200)).not.toEqual([255, 255, 255, 255]);
  });

  it('encodes PNG files of the right size and an ICO with 16, 32 and 48', async () => {
    const { pngs, ico } = await encodeIcons(images);
    for (const key of ICON_KEYS) {
      const decoded = await decodePng(pngs[key]);
      expect([decoded.width, decoded.height], key).toEqual([ICON_SIZE[key], ICON_SIZE[key]]);
      expect(Array.from(decoded.data), key).toEqual(Array.from(images[key].data));
    }
    // The apple-touch icon's file has no alpha channel and no transparent palette entry.
    expect(pngHasAlpha(pngs.apple180)).toBe(false);
    const entries = await decodeIco(ico);
    expect(entries.map((e) => e.width)).toEqual([16, 32, 48]);
    expect(Array.from(entries[1].image.data)).toEqual(Array.from((await decodePng(pngs.png32)).data));
  }, 30_000);

  it('takes well under a second for a 2000 px source', async () => {
    const source = logo(2000, 2000);
    const cpu = cpuClock();
    await encodeIcons(await iconImagesFromSource(source, 'fit', bg));
    const ms = cpu();
    console.log(`2000 px master -> full icon set: ${ms.toFixed(0)} ms CPU`);
    expect(ms).toBeLessThan(5000);
  }, 30_000);
});
