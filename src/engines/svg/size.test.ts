import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lengthInPx, measureSvg, outputSize, parseLength, parseViewBox } from './size';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
/** The root <svg> tag's attributes, read with a regex: enough for these fixtures, in Node without a DOM. */
function rootAttributes(svg: string) {
  const tag = /<svg\b[^>]*>/.exec(svg)![0];
  const get = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return { width: get('width'), height: get('height'), viewBox: get('viewBox') };
}

describe('SVG size', () => {
  it('parses lengths in CSS units', () => {
    expect(parseLength('120')).toBe(120);
    expect(parseLength('72pt')).toBe(96);
    expect(parseLength('1in')).toBe(96);
    expect(parseLength('2.54cm')).toBeCloseTo(96, 10);
    expect(parseLength(' 25.4mm ')).toBeCloseTo(96, 10);
    expect(parseLength('1e2px')).toBe(100);
    expect(parseLength('100%')).toBeUndefined();
    expect(parseLength('auto')).toBeUndefined();
    expect(parseLength('-5')).toBeUndefined();
    expect(parseLength('0')).toBeUndefined();
    expect(parseLength('2em')).toBe(32);
    expect(parseLength('3ex')).toBe(24);
    expect(parseLength('1constructor')).toBeUndefined();
  });
  it('reads lengths against a viewport and a font size too (the EPS writer): %, em, ex, zero and negatives', () => {
    expect(lengthInPx('50%', 300)).toBe(150);
    expect(lengthInPx('50%')).toBeUndefined();
    expect(lengthInPx('2em', 100, 10)).toBe(20);
    expect(lengthInPx('2ex', 100, 10)).toBe(10);
    expect(lengthInPx('-1in', 100)).toBe(-96);
    expect(lengthInPx('0', 100)).toBe(0);
    expect(lengthInPx('1 furlong', 100)).toBeUndefined();
    expect(lengthInPx(undefined, 100)).toBeUndefined();
  });
  it('parses a viewBox with commas or spaces and refuses an empty one', () => {
    expect(parseViewBox('0 0 24 24')).toEqual([0, 0, 24, 24]);
    expect(parseViewBox('-4,-184, 170 188')).toEqual([-4, -184, 170, 188]);
    expect(parseViewBox('0 0 0 10')).toBeUndefined();
    expect(parseViewBox('0 0 10')).toBeUndefined();
  });
  it('measures the fixtures as a browser sizes them', () => {
    expect(measureSvg(rootAttributes(fixture('icon-camera.svg')))).toMatchObject({ width: 24, height: 24, from: 'viewBox' });
    expect(measureSvg(rootAttributes(fixture('logo-solid.svg')))).toMatchObject({ width: 200, height: 200, from: 'attributes' });
    const dot = measureSvg(rootAttributes(fixture('graph-dot.svg')));
    expect(dot.width).toBeCloseTo(170 * (96 / 72), 10);
    expect(dot.height).toBeCloseTo(188 * (96 / 72), 10);
    const cm = measureSvg(rootAttributes(fixture('gradient-transform.svg')));
    expect(cm.width).toBeCloseTo(377.95, 2);
    expect(cm.height).toBeCloseTo(226.77, 2);
  });
  it('takes the missing side from the viewBox ratio, and 300×150 when nothing is known', () => {
    expect(measureSvg({ width: '48', viewBox: '0 0 24 12' })).toMatchObject({ width: 48, height: 24, from: 'ratio' });
    expect(measureSvg({ height: '10', viewBox: '0 0 30 10' })).toMatchObject({ width: 30, height: 10, from: 'ratio' });
    expect(measureSvg({ width: '100%', height: '100%', viewBox: '0 0 50 40' })).toMatchObject({ width: 50, height: 40, from: 'viewBox' });
    expect(measureSvg({})).toMatchObject({ width: 300, height: 150, from: 'default' });
  });
  it('gives exact whole-pixel output sizes and refuses what a canvas cannot hold', () => {
    const icon = { width: 24, height: 24 };
    expect(outputSize(icon, { mode: 'scale', scale: 4 })).toEqual({ width: 96, height: 96 });
    expect(outputSize({ width: 226.67, height: 250.67 }, { mode: 'scale', scale: 2 })).toEqual({ width: 453, height: 501 });
    expect(outputSize({ width: 480, height: 300 }, { mode: 'width', width: 1000 })).toEqual({ width: 1000, height: 625 });
    expect(outputSize({ width: 480, height: 300 }, { mode: 'height', height: 150 })).toEqual({ width: 240, height: 150 });
    expect(outputSize(icon, { mode: 'exact', width: 640, height: 360 })).toEqual({ width: 640, height: 360 });
    expect(() => outputSize(icon, { mode: 'width', width: 20000 })).toThrow('svg-tools:errors.tooLarge');
  });
});
