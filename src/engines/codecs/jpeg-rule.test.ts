import { describe, expect, it } from 'vitest';
import { JPEG_VARIANTS, jpegQualities, mozjpegOptions, mozjpegWithRule } from './encode';

describe('MozJPEG quality rule (pure)', () => {
  it('interpolates the chroma offset between its points and holds the end values beyond them', () => {
    const rule = { offsets: [[20, 0], [60, -20]] as const };
    expect(jpegQualities(10, rule)).toEqual({ luma: 10, chroma: 10, fullChroma: true });
    expect(jpegQualities(40, rule)).toEqual({ luma: 40, chroma: 30, fullChroma: true });
    expect(jpegQualities(90, rule)).toEqual({ luma: 90, chroma: 70, fullChroma: true });
  });
  it('maps the luma quality, offsets chroma from the mapped luma, halves chroma below the threshold', () => {
    const rule = { luma: [[0, 10], [50, 60], [60, 60]] as const, offsets: [[0, -10]] as const, halveBelow: 55 };
    expect(jpegQualities(25, rule)).toEqual({ luma: 35, chroma: 25, fullChroma: false });
    expect(jpegQualities(55, rule)).toEqual({ luma: 60, chroma: 50, fullChroma: true });
    expect(jpegQualities(55, rule, false).fullChroma).toBe(false);
  });
  it('keeps both qualities within 1–100', () => {
    const rule = { offsets: [[0, -25]] as const };
    expect(jpegQualities(5, rule)).toEqual({ luma: 5, chroma: 1, fullChroma: true });
    expect(jpegQualities(-3, rule).luma).toBe(1);
    expect(jpegQualities(140, { offsets: [[0, 10]] })).toEqual({ luma: 100, chroma: 100, fullChroma: true });
  });
  it('switches table and trellis below `low.below`, the variant\'s table from there up', () => {
    const rule = { offsets: [[0, 0]] as const, low: { below: 50, table: 4, trellis: false } };
    expect(mozjpegWithRule(49, rule, true, 2)).toMatchObject({ quality: 49, quant_table: 4, trellis_loops: 0 });
    expect(mozjpegWithRule(50, rule, true, 2)).toMatchObject({ quality: 50, quant_table: 2, trellis_loops: 1 });
    expect(mozjpegWithRule(10, { ...rule, low: { ...rule.low, trellis: true } })).toMatchObject({ quant_table: 4, trellis_loops: 1 });
  });
  it('gives MozJPEG the rule of the variant', () => {
    const o = mozjpegOptions(80, 1);
    expect([o.quality, o.chroma_quality, o.auto_subsample, o.quant_table]).toEqual([80, 80, true, JPEG_VARIANTS[1].quant_table]);
  });
  it('default: no quality leaves chroma far under luma (the q20–30 blotches), 4:4:4 with chroma 35 under from 65 to 85, 25 on smooth gradients', () => {
    for (const smooth of [false, true]) {
      const under = smooth ? 25 : 35;
      for (let q = 1; q <= 100; q++) {
        const o = mozjpegOptions(q, 0, smooth);
        expect(o.chroma_quality).toBeGreaterThanOrEqual(Math.min(o.quality, 100) - under);
        if (q >= 65 && q <= 85) expect(o.quality - o.chroma_quality).toBe(under);
        if (q < 65) {
          expect([o.auto_subsample, o.chroma_quality, o.quant_table, o.trellis_loops]).toEqual([true, o.quality, 4, 0]);
          expect(o).toEqual(mozjpegOptions(q, 0, !smooth));
        } else expect([o.quant_table, o.trellis_loops]).toEqual([2, 1]);
        if (q > 1) expect(o.quality).toBeGreaterThanOrEqual(mozjpegOptions(q - 1, 0, smooth).quality);
      }
    }
    expect(mozjpegOptions(30)).toMatchObject({ quality: 34, chroma_quality: 34, auto_subsample: true });
    expect(mozjpegOptions(75)).toMatchObject({ quality: 75, chroma_quality: 40, auto_subsample: false, chroma_subsample: 1 });
    expect(mozjpegOptions(75, 0, true)).toMatchObject({ quality: 75, chroma_quality: 50, auto_subsample: false, chroma_subsample: 1 });
    expect(mozjpegOptions(100)).toMatchObject({ quality: 100, chroma_quality: 95 });
    expect(mozjpegOptions(80, 1, true)).toEqual(mozjpegOptions(80, 1, false));
  });
});
