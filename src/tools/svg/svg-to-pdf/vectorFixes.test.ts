import { describe, expect, it } from 'vitest';
import { ellipsePathData, roundedRectPathData } from './vectorFixes';

describe('a dashed circle or ellipse as a path', () => {
  it('starts at the rightmost point and goes clockwise on screen (down first), as SVG strokes it', () => {
    const d = ellipsePathData(100, 100, 70, 40);
    expect(d.startsWith('M170 100')).toBe(true);
    // Four quarter arcs, sweep flag 1: bottom, left, top, back to the start.
    expect(d.match(/A70 40 0 0 1 [-\d.]+ [-\d.]+/g)).toEqual(['A70 40 0 0 1 100 140', 'A70 40 0 0 1 30 100', 'A70 40 0 0 1 100 60', 'A70 40 0 0 1 170 100']);
    expect(d.endsWith('Z')).toBe(true);
  });
});

describe('a rounded rect as a path', () => {
  it('starts at (x + rx, y) and goes clockwise with one arc per corner, as SVG 2 defines its outline', () => {
    expect(roundedRectPathData(20, 20, 160, 70, 20, 10)).toBe('M40 20H160A20 10 0 0 1 180 30V80A20 10 0 0 1 160 90H40A20 10 0 0 1 20 80V30A20 10 0 0 1 40 20Z');
  });
});
