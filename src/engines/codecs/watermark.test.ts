import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from './decode';
import { loadCodecWasmInNode } from './node-wasm.testing';
import { compositeOver, placeMark, tilePositions, turnedSize } from './watermark';

describe('watermark geometry', () => {
  it('places the bounding box at each anchor, the offset measured inwards', () => {
    expect(placeMark(400, 300, 100, 50, 'top-left', 10, 20)).toEqual({ x: 10, y: 20 });
    expect(placeMark(400, 300, 100, 50, 'bottom-right', 10, 20)).toEqual({ x: 290, y: 230 });
    expect(placeMark(400, 300, 100, 50, 'centre', 0, 0)).toEqual({ x: 150, y: 125 });
    expect(placeMark(400, 300, 100, 50, 'centre', 5, -5)).toEqual({ x: 155, y: 120 });
    expect(placeMark(400, 300, 100, 50, 'top', 0, 0)).toEqual({ x: 150, y: 0 });
    expect(placeMark(400, 300, 100, 50, 'left', 0, 0)).toEqual({ x: 0, y: 125 });
    expect(placeMark(400, 300, 100, 50, 'bottom-left', 0, 0)).toEqual({ x: 0, y: 250 });
  });
  it('turns a box into its upright bounds', () => {
    expect(turnedSize(100, 50, 0)).toEqual({ width: 100, height: 50 });
    expect(turnedSize(100, 50, 90)).toEqual({ width: 50, height: 100 });
    const d = turnedSize(100, 100, 45);
    expect(d.width).toBe(142);
  });
  it('tiles cover the picture: every corner region meets a mark', () => {
    const spots = tilePositions(400, 300, 60, 20);
    const covered = (x: number, y: number) => spots.some((s) => x >= s.x - 60 && x < s.x + 120 && y >= s.y - 30 && y < s.y + 50);
    for (const [x, y] of [[0, 0], [399, 0], [0, 299], [399, 299], [200, 150]]) expect(covered(x, y)).toBe(true);
    expect(spots.length).toBeGreaterThan(20);
  });
});

describe('compositing a mark', () => {
  beforeAll(loadCodecWasmInNode);
  it('changes the pixels under an opaque mark, blends a translucent one, and leaves the rest byte-identical', async () => {
    const png = new Uint8Array(readFileSync(new URL('./fixtures/coffee.png', import.meta.url)));
    const pixels = await decodeImage(png, 'png', 'image/png');
    const before = pixels.data.slice();
    const mark = { width: 10, height: 10, data: new Uint8ClampedArray(400) };
    for (let i = 0; i < 100; i++) mark.data.set([255, 0, 0, 255], i * 4);
    compositeOver(pixels, mark, 20, 30, 0.5);
    compositeOver(pixels, mark, pixels.width - 5, pixels.height - 5, 1);
    const at = (x: number, y: number) => (y * pixels.width + x) * 4;
    const i = at(25, 35);
    expect(pixels.data[i]).toBeCloseTo((255 + before[i]) / 2, -0.5);
    expect(pixels.data[i + 1]).toBeCloseTo(before[i + 1] / 2, -0.5);
    expect(Array.from(pixels.data.subarray(at(pixels.width - 1, pixels.height - 1), at(pixels.width - 1, pixels.height - 1) + 4))).toEqual([255, 0, 0, 255]);
    let changed = 0;
    for (let p = 0; p < before.length; p += 4) if (pixels.data[p] !== before[p] || pixels.data[p + 1] !== before[p + 1] || pixels.data[p + 2] !== before[p + 2]) changed++;
    expect(changed).toBeLessThanOrEqual(100 + 25);
    expect(changed).toBeGreaterThan(100);
  });
  it('lays a mark on transparent pixels with its own colour and opacity', () => {
    const dst = { width: 2, height: 1, data: new Uint8ClampedArray([0, 0, 0, 0, 10, 20, 30, 255]) };
    compositeOver(dst, { width: 1, height: 1, data: new Uint8ClampedArray([200, 100, 50, 255]) }, 0, 0, 0.4);
    expect(Array.from(dst.data)).toEqual([200, 100, 50, 102, 10, 20, 30, 255]);
  });
});
