import { describe, expect, it } from 'vitest';
import { downscaleTarget, estimateTrace, needsGuard, traceComplexity } from './estimate';
import { prepare, TRACE_DEFAULTS, traceImage, tracerOptions, type TraceSettings } from './trace';

/** 120×80 white image with a black 40×30 rectangle at (10,10) and a disc of radius 15 at (85,45); alpha 0 in one corner. */
function synthetic(colour = false) {
  const width = 120;
  const height = 80;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (x >= 10 && x < 50 && y >= 10 && y < 40) data.set(colour ? [220, 30, 30, 255] : [0, 0, 0, 255], i);
      if ((x - 85) ** 2 + (y - 45) ** 2 <= 15 ** 2) data.set(colour ? [20, 40, 200, 255] : [10, 10, 10, 255], i);
      if (x > 110 && y > 70) data.set([0, 0, 0, 0], i); // transparent: paper, not ink
    }
  return { width, height, data };
}

const bw: TraceSettings = { ...TRACE_DEFAULTS, mode: 'bw' };
const numbersIn = (d: string) => d.match(/-?\d+(?:\.\d+)?/g)!.map(Number);

describe('tracing', () => {
  it('maps settings to imagetracer options: two-colour palette in bw, palette size and blur in colour', () => {
    const o = tracerOptions({ ...bw, pathOmit: 4, lineTolerance: 0.5, curveTolerance: 2 });
    expect(o.pal).toHaveLength(2);
    expect(o).toMatchObject({ pathomit: 4, ltres: 0.5, qtres: 2, colorquantcycles: 1, strokewidth: 0, layering: 0 });
    const c = tracerOptions({ ...TRACE_DEFAULTS, colors: 200, blur: 9 });
    expect(c.pal).toBeUndefined();
    expect(c).toMatchObject({ numberofcolors: 64, blurradius: 5, colorsampling: 2 });
  });

  it('thresholds over white: transparent pixels are paper', () => {
    const p = prepare(synthetic(), bw);
    const at = (x: number, y: number) => p.data[(y * 120 + x) * 4];
    expect([at(20, 20), at(85, 45), at(0, 0), at(115, 75)]).toEqual([0, 0, 255, 255]);
  });

  it('traces the black shapes only, each as one path inside its own box, with staged progress', () => {
    const progress: number[][] = [];
    const r = traceImage(synthetic(), bw, (d, t) => progress.push([d, t]));
    expect(r.paths).toBe(2);
    expect(r.colors).toBe(1);
    expect(progress).toEqual([[1, 3], [2, 3], [3, 3]]);
    expect(r.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="120" height="80" viewBox="0 0 120 80">/);
    const ds = [...r.svg.matchAll(/ d="([^"]+)"/g)].map((m) => numbersIn(m[1]));
    const boxes = ds.map((n) => {
      const xs = n.filter((_, i) => i % 2 === 0);
      const ys = n.filter((_, i) => i % 2 === 1);
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    });
    boxes.sort((a, b) => a[0] - b[0]);
    // Edges sit on pixel boundaries, give or take half a pixel.
    expect(boxes[0][0]).toBeCloseTo(10, -0.5);
    expect(boxes[0][2]).toBeCloseTo(50, -0.5);
    expect(boxes[1][0]).toBeCloseTo(70, -0.5);
    expect(boxes[1][3]).toBeCloseTo(60, -0.5);
    expect(r.svg).toContain('fill="rgb(0,0,0)"');
  });

  it('drops small specks with a higher path omit', () => {
    const img = synthetic();
    img.data.set([0, 0, 0, 255], (5 * 120 + 100) * 4); // one stray dark pixel
    expect(traceImage(img, { ...bw, pathOmit: 0 }).paths).toBe(3);
    expect(traceImage(img, { ...bw, pathOmit: 8 }).paths).toBe(2);
  });

  it('traces colour layers with their own colours', () => {
    const r = traceImage(synthetic(true), { ...TRACE_DEFAULTS, colors: 4 });
    const fills = [...r.svg.matchAll(/fill="rgb\((\d+),(\d+),(\d+)\)"/g)].map((m) => m.slice(1).map(Number));
    expect(fills.some(([r, g, b]) => r > 180 && g < 80 && b < 80)).toBe(true);
    expect(fills.some(([r, g, b]) => r < 60 && g < 80 && b > 160)).toBe(true);
  });

  it('refuses an empty image', () => {
    expect(() => traceImage({ width: 0, height: 0, data: new Uint8ClampedArray(0) }, bw)).toThrow('svg-tools:errors.noPixels');
  });

  it('auto mode traces colour input in colour and black-and-white input in black and white', () => {
    const auto: TraceSettings = { ...TRACE_DEFAULTS, mode: 'auto', colors: 4 };
    const colour = traceImage(synthetic(true), auto);
    expect(colour.mode).toBe('color');
    expect(colour.svg).toMatch(/fill="rgb\(2[12]\d,[23]\d,[23]\d\)"/);
    expect(colour.svg).toMatch(/fill="rgb\([12]\d,[34]\d,(19|20)\d\)"/);
    expect(traceImage(synthetic(false), auto).mode).toBe('bw');
  });
});

describe('tracing cost', () => {
  it('flat art is cheap; a 12 MP photo is slow and huge, and the downscale brings it near 8 s / 5 MB', () => {
    expect(traceComplexity(synthetic(false))).toBeLessThan(0.05);
    const flat = estimateTrace(12e6, 0.02, 'color');
    const photo = estimateTrace(12e6, 0.2, 'color');
    expect(photo.seconds).toBeGreaterThan(60);
    expect(photo.bytes).toBeGreaterThan(30e6);
    expect(needsGuard(photo)).toBe(true);
    expect(needsGuard(estimateTrace(1e6, 0.2, 'bw'))).toBe(false);
    expect(flat.seconds).toBeLessThan(photo.seconds / 3);
    const to = downscaleTarget(4000, 3000, photo);
    expect(to.width / to.height).toBeCloseTo(4 / 3, 2);
    const after = estimateTrace(to.width * to.height, 0.2, 'color');
    expect(after.seconds).toBeLessThanOrEqual(8.1);
    expect(after.bytes).toBeLessThanOrEqual(5.1e6);
  });
});
