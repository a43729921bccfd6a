import { describe, expect, it } from 'vitest';
import { isColorInputValue, isHexColor, parseHexColor } from './hex-colour';

describe('hex colours', () => {
  it('reads #rrggbb and #rgb in any case, with spaces around', () => {
    expect(parseHexColor('#1d4ed8')).toEqual([29, 78, 216]);
    expect(parseHexColor(' #1D4ED8 ')).toEqual([29, 78, 216]);
    expect(parseHexColor('#abc')).toEqual([170, 187, 204]);
  });

  it('refuses anything else', () => {
    for (const bad of ['red; x', 'red', '1d4ed8', '#1d4ed', '#abcd', '#1d4ed8ff', 'rgb(1, 2, 3)', '']) {
      expect(parseHexColor(bad), bad).toBeUndefined();
      expect(isHexColor(bad), bad).toBe(false);
    }
  });

  it('knows the form a colour input gives: #rrggbb only', () => {
    expect(isColorInputValue('#1d4ed8')).toBe(true);
    expect(isColorInputValue('#ABCDEF')).toBe(true);
    for (const bad of ['#abc', ' #1d4ed8', '1d4ed8', '#1d4ed8ff']) expect(isColorInputValue(bad), bad).toBe(false);
  });
});
