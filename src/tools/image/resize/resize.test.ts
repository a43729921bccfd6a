import { describe, expect, it } from 'vitest';
import { targetDimensions } from '../../../engines/codecs/resize-math';
import { RESIZE_DEFAULTS, resizeJob, resizeSpec } from './resize';

describe('resize settings', () => {
  it('width only with aspect kept: 1280 wide, height follows', () => {
    const spec = resizeSpec(RESIZE_DEFAULTS);
    expect(spec).toEqual({ mode: 'pixels', width: 1280, height: undefined, keepAspect: true, noEnlarge: true });
    expect(targetDimensions({ width: 4032, height: 3024 }, spec)).toEqual({ width: 1280, height: 960 });
  });
  it('percentage, and a zero percentage means unchanged', () => {
    expect(targetDimensions({ width: 801, height: 601 }, resizeSpec({ ...RESIZE_DEFAULTS, mode: 'percent', percent: 50 }))).toEqual({ width: 401, height: 301 });
    expect(resizeSpec({ ...RESIZE_DEFAULTS, mode: 'percent', percent: 0 })).toEqual({ mode: 'percent', percent: 100 });
  });
  it('exact box when aspect is not kept', () => {
    const spec = resizeSpec({ ...RESIZE_DEFAULTS, width: 300, height: 300, keepAspect: false });
    expect(targetDimensions({ width: 4032, height: 3024 }, spec)).toEqual({ width: 300, height: 300 });
  });
  it('carries format and quality to the engine', () => {
    expect(resizeJob({ ...RESIZE_DEFAULTS, format: 'webp', quality: 70 })).toMatchObject({ output: 'webp', quality: 70, resize: { mode: 'pixels', width: 1280 } });
  });
  it("don't enlarge (the default): fit, width and height modes keep a smaller image's size", () => {
    const src = { width: 512, height: 384 };
    const fit = resizeSpec({ ...RESIZE_DEFAULTS, width: 800, height: 800 });
    expect(targetDimensions(src, fit)).toEqual({ width: 512, height: 384 });
    expect(targetDimensions(src, resizeSpec({ ...RESIZE_DEFAULTS, width: 800, height: 0 }))).toEqual({ width: 512, height: 384 });
    expect(targetDimensions(src, resizeSpec({ ...RESIZE_DEFAULTS, width: 0, height: 600 }))).toEqual({ width: 512, height: 384 });
    // A larger image still shrinks to fit.
    expect(targetDimensions({ width: 4032, height: 3024 }, fit)).toEqual({ width: 800, height: 600 });
    // An exact box caps each side at the source's.
    expect(targetDimensions(src, resizeSpec({ ...RESIZE_DEFAULTS, width: 800, height: 200, keepAspect: false }))).toEqual({ width: 512, height: 200 });
  });
  it('enlarges when "don\'t enlarge" is off', () => {
    const spec = resizeSpec({ ...RESIZE_DEFAULTS, width: 800, height: 800, noEnlarge: false });
    expect(targetDimensions({ width: 512, height: 384 }, spec)).toEqual({ width: 800, height: 600 });
  });
});
