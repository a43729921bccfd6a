// The one definition of unsafe (issue 25.5): what the worker counts is what the sanitiser takes out, so the
// optimizer's fast path (no sanitiser when the count is 0) never writes what the sanitiser would have dropped.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inspectSvgText } from './inspect';
import { unsafeAttribute } from './unsafe';

const svg = (inner: string, rootAttrs = '') => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"${rootAttrs}>${inner}</svg>`;

describe('unsafe', () => {
  it('counts xml:base, on the root and inside', () => {
    expect(inspectSvgText(svg('<rect width="1" height="1"/>', ' xml:base="http://evil.example/"')).unsafe).toBe(1);
    expect(inspectSvgText(svg('<g xml:base="http://evil.example/"><use href="#a"/></g><rect id="a" width="1" height="1"/>')).unsafe).toBe(1);
  });
  it('counts an unclosed url() in an attribute and in a style sheet', () => {
    expect(inspectSvgText(svg('<rect width="1" height="1" fill="url(http://evil.example/x.svg#g"/>')).unsafe).toBe(1);
    expect(inspectSvgText(svg('<style>rect{fill:url(http://evil.example/x.svg#g</style>')).unsafe).toBe(1);
    expect(inspectSvgText(svg('<rect width="1" height="1" fill="url(#g"/>')).unsafe).toBe(0);
  });
  it('counts every hostile construct of the unclosed-url fixture', () => {
    const text = readFileSync(new URL('./fixtures/xss/unclosed-url.svg', import.meta.url), 'utf8');
    // two xml:base, the style sheet, fill, stroke, mask, filter, image(), image-set(), src(), the escaped url()
    expect(inspectSvgText(text).unsafe).toBe(11);
  });
  it('judges attributes the same way for the count and the sanitiser', () => {
    expect(unsafeAttribute('xml:base', '#')).toBe(true);
    expect(unsafeAttribute('href', '#a')).toBe(false);
    expect(unsafeAttribute('href', 'http://evil.example/')).toBe(true);
    expect(unsafeAttribute('fill', 'url(#a)')).toBe(false);
    expect(unsafeAttribute('style', 'fill:image("http://evil.example/i.png")')).toBe(true);
    expect(unsafeAttribute('onclick', '')).toBe(true);
    expect(unsafeAttribute('d', 'M0 0h1')).toBe(false);
  });
});
