import { describe, expect, it } from 'vitest';
import { imageRect, viewBoxMapping } from './rasterText';

describe('viewBox to viewport mapping', () => {
  it('scales uniformly when the aspect ratios agree', () => {
    expect(viewBoxMapping([0, 0, 160, 100], 480, 300, null)).toEqual({ sx: 3, sy: 3, tx: 0, ty: 0 });
    expect(viewBoxMapping([10, 20, 160, 100], 320, 200, null)).toEqual({ sx: 2, sy: 2, tx: -20, ty: -40 });
  });
  it('centres with meet, aligns to the end with xMax/yMax, covers with slice, stretches with none', () => {
    // A square viewBox in a 200 × 100 viewport.
    expect(viewBoxMapping([0, 0, 100, 100], 200, 100, null)).toEqual({ sx: 1, sy: 1, tx: 50, ty: 0 });
    expect(viewBoxMapping([0, 0, 100, 100], 200, 100, 'xMaxYMax meet')).toEqual({ sx: 1, sy: 1, tx: 100, ty: 0 });
    expect(viewBoxMapping([0, 0, 100, 100], 200, 100, 'xMinYMid slice')).toEqual({ sx: 2, sy: 2, tx: 0, ty: -50 });
    expect(viewBoxMapping([0, 0, 100, 100], 200, 100, 'none')).toEqual({ sx: 2, sy: 1, tx: 0, ty: 0 });
  });
});

describe('where an embedded image goes', () => {
  it('is its crop box in user units, a hundredth of an image pixel inside on every side', () => {
    const r = imageRect({ x: 30, y: 60, w: 540, h: 270 }, { sx: 3, sy: 3, tx: 0, ty: 0 });
    expect(r.x).toBeCloseTo(10 + 0.01 / 3, 12);
    expect(r.y).toBeCloseTo(20 + 0.01 / 3, 12);
    expect(r.width).toBeCloseTo(180 - 0.02 / 3, 12);
    expect(r.height).toBeCloseTo(90 - 0.02 / 3, 12);
    // Both edges stay inside the pixels they cover: at 1.5 device px per unit (pdftoppm on the suite), 15 … 285 px.
    expect(Math.floor(r.x * 1.5)).toBe(15);
    expect(Math.floor((r.x + r.width) * 1.5) + 1).toBe(285);
  });
  it('undoes the viewBox mapping', () => {
    const r = imageRect({ x: 50, y: 0, w: 100, h: 100 }, { sx: 2, sy: 1, tx: 20, ty: -40 });
    expect(r.x).toBeCloseTo((50.01 - 20) / 2, 12);
    expect(r.y).toBeCloseTo(40.01, 12);
    expect(r.width).toBeCloseTo(99.98 / 2, 12);
  });
});
