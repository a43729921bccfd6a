import { describe, expect, it } from 'vitest';
import { filterIds, onDevicePixels, paintProblem } from './unsupported';

// A pattern without a viewBox or href: svg2pdf draws it right, so a paint that finds it has no problem.
const pattern = { localName: 'pattern', hasAttribute: () => false, hasAttributeNS: () => false, getAttribute: () => null } as unknown as Element;

describe('a paint reference, found by its id', () => {
  it('is found with spaces or quotes inside url(), and with a fallback after it', () => {
    const asked: string[] = [];
    const byId = (id: string) => (asked.push(id), id === 'p' ? pattern : null);
    for (const value of ['url(#p)', 'url(  #p  )', 'url( "#p" )', "url('#p')", 'URL(#p) red']) expect(paintProblem(value, byId, 1), value).toBeUndefined();
    expect(asked).toEqual(['p', 'p', 'p', 'p', 'p']);
  });
  it('names a missing target, and the opacity svg2pdf drops', () => {
    expect(paintProblem('url(  #missing  )', () => null, 1)).toBe('paint-reference');
    expect(paintProblem('url(  #p  )', () => pattern, 0.5)).toBe('paint-opacity');
  });
});

describe('filters that work on device pixels', () => {
  it('finds every filter a filter property refers to', () => {
    expect(filterIds('url(#f)')).toEqual(['f']);
    expect(filterIds(`url( "#a" ) blur(2px) URL('#b')`)).toEqual(['a', 'b']);
    expect(filterIds('blur(2px)')).toEqual([]);
  });
  it('is feConvolveMatrix unless kernelUnitLength sets its cells in user units', () => {
    const fe = (localName: string, attrs: string[] = []) => ({ localName, hasAttribute: (a: string) => attrs.includes(a) });
    expect(onDevicePixels(fe('feConvolveMatrix'))).toBe(true);
    expect(onDevicePixels(fe('feConvolveMatrix', ['kernelUnitLength']))).toBe(false);
    expect(onDevicePixels(fe('feGaussianBlur'))).toBe(false);
  });
});
