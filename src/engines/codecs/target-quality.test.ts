import { describe, expect, it } from 'vitest';
import { maxQualityAttempts, searchTargetQuality } from './target-quality';

// Made-up encoders: variant 1 needs 6 more quality steps for the same score but makes 30 % smaller files.
const score = (q: number, v: number) => Math.min(1, (q - (v === 1 ? 6 : 0)) / 100);
const bytes = (q: number, v: number) => Math.round(q * 100 * (v === 1 ? 0.7 : 1));
const encode = async (q: number, v: number) => ({ output: { q, v }, size: bytes(q, v) });
const measure = async (o: { q: number; v: number }) => score(o.q, o.v);

describe('target quality search', () => {
  it('finds the lowest quality that reaches the score', async () => {
    const r = await searchTargetQuality(encode, measure, 0.6);
    expect(r.reached).toBe(true);
    expect(r.best).toMatchObject({ variant: 0, quality: 60, size: 6000 });
    expect(r.attempts).toBeLessThanOrEqual(maxQualityAttempts(1));
  });
  it('keeps the smallest file over the variants, each at the score', async () => {
    const seen: [number, number][] = [];
    const r = await searchTargetQuality(encode, measure, 0.6, { variants: 2, onAttempt: (d, t) => seen.push([d, t]) });
    expect(r.best).toMatchObject({ variant: 1, quality: 66, size: 4620 });
    expect(r.best.score).toBeGreaterThanOrEqual(0.6);
    expect(seen.length).toBe(r.attempts);
    expect(seen.every(([d, t]) => d <= t && t === maxQualityAttempts(2))).toBe(true);
  });
  it('tries qualities under the bisection\'s answer, where the score is not monotonic', async () => {
    // Quality 57 reaches the score out of turn; the bisection alone stops at 60.
    const bumpy = async (o: { q: number; v: number }) => (o.q === 58 ? 0.65 : score(o.q, o.v));
    expect((await searchTargetQuality(encode, bumpy, 0.6, { below: 0 })).best.quality).toBe(60);
    expect((await searchTargetQuality(encode, bumpy, 0.6, { below: 2 })).best.quality).toBe(58);
  });
  it('ignores a variant that cannot reach the score', async () => {
    const weak = async (o: { q: number; v: number }) => (o.v === 1 ? 0 : score(o.q, o.v));
    const r = await searchTargetQuality(encode, weak, 0.6, { variants: 2 });
    expect(r.best).toMatchObject({ variant: 0, quality: 60 });
  });
  it('returns the most similar file, flagged, when nothing reaches the score', async () => {
    const r = await searchTargetQuality(encode, async () => 0.5, 0.99, { variants: 3 });
    expect(r.reached).toBe(false);
    expect(r.best.quality).toBe(100);
  });
});
