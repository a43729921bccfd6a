import { describe, expect, it } from 'vitest';
import { fitMosaic, normalizeRect, pixelate, regionMask, type Pixels, type Region } from './pixelate';

/** A deterministic "photo": smooth gradients plus noise, so that no block is uniform by chance. */
function photo(width: number, height: number, alpha = false): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 12345;
  const noise = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24) % 32;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = (x * 255) / width + noise();
      data[i + 1] = (y * 255) / height + noise();
      data[i + 2] = ((x + y) * 3) % 256;
      data[i + 3] = alpha ? 128 + noise() * 3 : 255;
    }
  return { width, height, data };
}

const px = (img: Pixels, x: number, y: number) => Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));

/** Every block of the grid: the colours found at the pixels the mask covers, by block. */
function blockColours(out: Pixels, mask: Uint8Array, size: number): Map<string, Set<string>> {
  const blocks = new Map<string, Set<string>>();
  for (let y = 0; y < out.height; y++)
    for (let x = 0; x < out.width; x++) {
      if (!mask[y * out.width + x]) continue;
      const key = `${Math.floor(x / size)},${Math.floor(y / size)}`;
      if (!blocks.has(key)) blocks.set(key, new Set());
      blocks.get(key)!.add(px(out, x, y).join());
    }
  return blocks;
}

function expectOutsideUntouched(input: Pixels, out: Pixels, mask: Uint8Array) {
  let checked = 0;
  for (let p = 0; p < mask.length; p++) {
    if (mask[p]) continue;
    for (let c = 0; c < 4; c++) if (out.data[p * 4 + c] !== input.data[p * 4 + c]) throw new Error(`pixel ${p % input.width},${Math.floor(p / input.width)} changed outside the region`);
    checked++;
  }
  return checked;
}

describe('pixelate', () => {
  const input = photo(101, 77);

  it('makes every block uniform inside a rectangle and leaves the rest untouched', () => {
    const regions: Region[] = [{ kind: 'rect', x: 13, y: 9, w: 50, h: 41 }];
    const out = pixelate(input, regions, 8, 'square');
    const { mask } = regionMask(input.width, input.height, regions)!;
    expect(mask.reduce((s, v) => s + v, 0)).toBe(50 * 41);
    const blocks = blockColours(out, mask, 8);
    // Blocks 1..7 across (x 8..63) and 1..6 down (y 8..55): 7 × 6 touch the rectangle.
    expect(blocks.size).toBe(7 * 6);
    for (const colours of blocks.values()) expect(colours.size).toBe(1);
    expect(expectOutsideUntouched(input, out, mask)).toBe(101 * 77 - 50 * 41);
    expect(out.data).not.toEqual(input.data);
    expect(input.data).toEqual(photo(101, 77).data);
  });

  it('uses the mean colour of the whole block', () => {
    const out = pixelate(input, [{ kind: 'rect', x: 0, y: 0, w: 4, h: 4 }], 4, 'square');
    const mean = [0, 1, 2, 3].map((c) => {
      let s = 0;
      for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) s += px(input, x, y)[c];
      return Math.round(s / 16);
    });
    expect(px(out, 0, 0)).toEqual(mean);
    expect(px(out, 3, 3)).toEqual(mean);
    expect(px(out, 4, 0)).toEqual(px(input, 4, 0));
  });

  it('covers the whole image, including the clipped blocks of the right and bottom edges', () => {
    const out = pixelate(input, [{ kind: 'all' }], 10, 'square');
    const mask = new Uint8Array(input.width * input.height).fill(1);
    const blocks = blockColours(out, mask, 10);
    expect(blocks.size).toBe(11 * 8);
    for (const colours of blocks.values()) expect(colours.size).toBe(1);
    // The last column (x = 100) is a 1-pixel-wide block: its colour is the mean of its own pixels.
    expect(px(out, 100, 0)).toEqual(px(out, 100, 9));
  });

  it('pixelates a brush stroke: only pixels near the stroke change, each block uniform', () => {
    const regions: Region[] = [{ kind: 'brush', radius: 6, points: [{ x: 20, y: 20 }, { x: 70, y: 50 }, { x: 80, y: 20 }] }];
    const out = pixelate(input, regions, 5, 'square');
    const { mask } = regionMask(input.width, input.height, regions)!;
    const covered = mask.reduce((s, v) => s + v, 0);
    // Roughly the stroke's length (58 + 32) times its width (12), plus the round caps.
    expect(covered).toBeGreaterThan(900);
    expect(covered).toBeLessThan(1400);
    expect(mask[20 * 101 + 20]).toBe(1);
    expect(mask[0]).toBe(0);
    expect(mask[70 * 101 + 20]).toBe(0);
    for (const colours of blockColours(out, mask, 5).values()) expect(colours.size).toBe(1);
    expectOutsideUntouched(input, out, mask);
  });

  it('draws round tiles: the disc of a block in its mean colour, the corners darker, both uniform', () => {
    const out = pixelate(input, [{ kind: 'all' }], 10, 'circle');
    // Block (2,3) spans x 20..29, y 30..39; its centre is (25,35).
    const centre = px(out, 25, 35);
    const corner = px(out, 20, 30);
    expect(px(out, 22, 35)).toEqual(centre);
    expect(px(out, 29, 39)).toEqual(corner);
    expect(px(out, 20, 39)).toEqual(corner);
    for (let c = 0; c < 3; c++) expect(Math.abs(corner[c] - centre[c] * 0.5)).toBeLessThanOrEqual(0.5);
    expect(corner[3]).toBe(centre[3]);
    // The disc's pixels are all one colour, the corners' all another.
    const colours = new Set<string>();
    for (let y = 30; y < 40; y++) for (let x = 20; x < 30; x++) colours.add(px(out, x, y).join());
    expect(colours.size).toBe(2);
  });

  it('averages alpha too, and never writes past the image', () => {
    const translucent = photo(33, 17, true);
    const out = pixelate(translucent, [{ kind: 'rect', x: 30, y: 10, w: 100, h: 100 }], 16, 'square');
    expect(out.data.length).toBe(translucent.data.length);
    const a = px(out, 30, 16)[3];
    expect(a).toBeGreaterThan(128);
    expect(px(out, 31, 16)[3]).toBe(a);
    expect(px(out, 32, 10)[3]).not.toBe(px(translucent, 32, 10)[3]);
    expect(px(out, 29, 16)).toEqual(px(translucent, 29, 16));
  });

  it('returns an untouched copy without regions, and ignores empty ones', () => {
    const out = pixelate(input, [{ kind: 'brush', radius: 5, points: [] }, { kind: 'rect', x: 500, y: 500, w: 10, h: 10 }], 8, 'square');
    expect(out.data).toEqual(input.data);
    expect(out.data).not.toBe(input.data);
  });
});

describe('normalizeRect', () => {
  it('orders corners and clips to the image', () => {
    expect(normalizeRect(50, 40, 10, -5, 45, 100)).toEqual({ kind: 'rect', x: 10, y: 0, w: 35, h: 40 });
    expect(normalizeRect(3, 3, 3.2, 10, 45, 100)).toBeNull();
  });
});

describe('fitMosaic (one edit on a batch of photos of other sizes)', () => {
  const rect: Region = { kind: 'rect', x: 100, y: 50, w: 200, h: 100 };
  const brush: Region = { kind: 'brush', radius: 20, points: [{ x: 0, y: 0 }, { x: 400, y: 300 }] };

  it('keeps the edit as it is on the photo it was drawn on', () => {
    const frame = { width: 400, height: 300 };
    expect(fitMosaic([rect, brush], 16, frame, frame)).toEqual({ regions: [rect, brush], blockSize: 16 });
    expect(fitMosaic([rect], 16, undefined, { width: 10, height: 10 })).toEqual({ regions: [rect], blockSize: 16 });
  });

  it('places regions at the same relative place and scales the blocks with the longer side', () => {
    const fitted = fitMosaic([rect, brush, { kind: 'all' }], 16, { width: 400, height: 300 }, { width: 800, height: 600 });
    expect(fitted.blockSize).toBe(32);
    expect(fitted.regions[0]).toEqual({ kind: 'rect', x: 200, y: 100, w: 400, h: 200 });
    expect(fitted.regions[1]).toEqual({ kind: 'brush', radius: 40, points: [{ x: 0, y: 0 }, { x: 800, y: 600 }] });
    expect(fitted.regions[2]).toEqual({ kind: 'all' });
  });

  it('clips to the smaller photo and never makes blocks smaller than the minimum', () => {
    const fitted = fitMosaic([{ kind: 'rect', x: 300, y: 0, w: 100, h: 300 }], 2, { width: 400, height: 300 }, { width: 40, height: 60 });
    expect(fitted.blockSize).toBe(2);
    expect(fitted.regions[0]).toEqual({ kind: 'rect', x: 30, y: 0, w: 10, h: 60 });
  });

  it('pixelates the same relative area on a photo of another size', () => {
    const small = photo(64, 48);
    const large = photo(128, 96);
    const region: Region = { kind: 'rect', x: 16, y: 8, w: 32, h: 16 };
    const fitted = fitMosaic([region], 8, small, large);
    const out = pixelate(large, fitted.regions, fitted.blockSize, 'square');
    // Inside the doubled box: uniform 16 px blocks; outside: untouched.
    expect(new Set([px(out, 32, 16).join(), px(out, 47, 31).join()]).size).toBe(1);
    expect(px(out, 31, 16)).toEqual(px(large, 31, 16));
    expect(px(out, 96, 48)).toEqual(px(large, 96, 48));
  });
});
