import { describe, expect, it } from 'vitest';
import { dashesPaintNothing, ellipsePathData, knownStrokeValue, roundedRectPathData, zeroLengthDashes } from './vectorFixes';

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

describe('strokes a browser draws nothing of, or ignores', () => {
  it('finds dashes of length 0 with butt caps (resvg stroke-dasharray/0-n-with-butt-caps: "0 40")', () => {
    expect(dashesPaintNothing('0 40', 'butt')).toBe(true);
    expect(dashesPaintNothing('0, 40', undefined)).toBe(true);
    // An odd list repeats: "0 5 0" is 0 5 0 0 5 0, whose second dash is 5 long.
    expect(dashesPaintNothing('0 5 0', 'butt')).toBe(false);
    expect(dashesPaintNothing('0 40', 'round')).toBe(false);
    expect(dashesPaintNothing('0 40', 'square')).toBe(false);
    // All zero or negative: a solid line.
    expect(dashesPaintNothing('0 0', 'butt')).toBe(false);
    expect(dashesPaintNothing('0 -40', 'butt')).toBe(false);
    expect(dashesPaintNothing('none', 'butt')).toBe(false);
    expect(dashesPaintNothing(undefined, 'butt')).toBe(false);
  });

  it('finds dashes that are dots with round caps (resvg stroke-dasharray/0-n-with-round-caps)', () => {
    expect(zeroLengthDashes('0 40')).toBe(true);
    expect(zeroLengthDashes('0 40 0 20')).toBe(true);
    expect(zeroLengthDashes('1 40')).toBe(false);
    expect(zeroLengthDashes('0')).toBe(false);
  });

  it('ignores a miter limit below 0 (resvg stroke-miterlimit/invalid-value: -10) and keeps numbers', () => {
    expect(knownStrokeValue('stroke-miterlimit', '-10')).toBe(false);
    expect(knownStrokeValue('stroke-miterlimit', 'big')).toBe(false);
    expect(knownStrokeValue('stroke-miterlimit', '4')).toBe(true);
    expect(knownStrokeValue('stroke-miterlimit', ' 1.5 ')).toBe(true);
    expect(knownStrokeValue('stroke-miterlimit', '1e1')).toBe(true);
    expect(knownStrokeValue('stroke-linejoin', 'miter-clip')).toBe(false);
    expect(knownStrokeValue('fill', 'red')).toBe(true);
  });
});
