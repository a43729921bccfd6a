import { describe, expect, it } from 'vitest';
import { viewBoxMapping } from './rasterText';

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
