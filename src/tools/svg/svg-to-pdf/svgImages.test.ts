import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { svgDataUrlText } from './svgImages';

describe('the SVG an <image> shows', () => {
  it('is read from base64 with line breaks (resvg structure/image/embedded-svg) and from percent-encoding', () => {
    const file = readFileSync(path.resolve('src/engines/svg/fixtures/style/embedded-svg-href.txt'), 'utf8');
    expect(svgDataUrlText(file)).toMatch(/^<svg viewBox="0 0 20 20" xmlns="http:\/\/www.w3.org\/2000\/svg"><rect fill="#00f"/);
    expect(svgDataUrlText('data:image/svg+xml;utf8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E')).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('is null for other images and broken URLs', () => {
    expect(svgDataUrlText('data:image/png;base64,iVBORw0KGgo=')).toBeNull();
    expect(svgDataUrlText('data:image/svg+xml,%E0%A4%A')).toBeNull();
    expect(svgDataUrlText('#id')).toBeNull();
  });
});
