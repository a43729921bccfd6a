import { describe, expect, it } from 'vitest';
import { ellipsePathData } from './vectorFixes';

describe('a dashed circle or ellipse as a path', () => {
  it('starts at the rightmost point and goes clockwise on screen (down first), as SVG strokes it', () => {
    const d = ellipsePathData(100, 100, 70, 40);
    expect(d.startsWith('M170 100')).toBe(true);
    // Four quarter arcs, sweep flag 1: bottom, left, top, back to the start.
    expect(d.match(/A70 40 0 0 1 [-\d.]+ [-\d.]+/g)).toEqual(['A70 40 0 0 1 100 140', 'A70 40 0 0 1 30 100', 'A70 40 0 0 1 100 60', 'A70 40 0 0 1 170 100']);
    expect(d.endsWith('Z')).toBe(true);
  });
});
