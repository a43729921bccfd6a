import { describe, expect, it } from 'vitest';
import { maxInterpolatedAttempts, searchByInterpolation } from './interpolated-quality';

// Made-up encoders: a smooth, rising score (a photo's, roughly); variant 1 needs 6 more quality steps for the same
// score but makes 30 % smaller files.
const score = (q: number, v: number) => 100 * (1 - Math.exp(-(q - (v === 1 ? 6 : 0)) / 40));
const bytes = (q: number, v: number) => Math.round(q * 100 * (v === 1 ? 0.7 : 1));
const encode = async (q: number, v: number) => ({ output: { q, v }, size: bytes(q, v) });
const measure = async (o: { q: number; v: number }) => score(o.q, o.v);
/** The exact answer: the lowest quality reaching the target. */
const lowest = (target: number, v = 0) => {
  for (let q = 1; q <= 100; q++) if (score(q, v) >= target) return q;
  return null;
};

describe('interpolated quality search (big photos\' proxies)', () => {
  it('finds the lowest quality that reaches the score in a few tries', async () => {
    for (const target of [30, 70, 80, 88]) {
      const r = await searchByInterpolation(encode, measure, target, { variants: 1 });
      expect(r.reached).toBe(true);
      expect(r.best.quality, `target ${target}`).toBe(lowest(target));
      expect(r.attempts, `target ${target}`).toBeLessThanOrEqual(6);
    }
  });
  it('keeps the smallest file over the variants, each at the score, and counts every try', async () => {
    const seen: number[] = [];
    const r = await searchByInterpolation(encode, measure, 70, { variants: 2, onAttempt: (d) => seen.push(d) });
    expect(r.best).toMatchObject({ variant: 1, quality: lowest(70, 1) });
    expect(r.best.score).toBeGreaterThanOrEqual(70);
    expect(seen).toEqual(Array.from({ length: r.attempts }, (_, i) => i + 1));
    expect(r.attempts).toBeLessThanOrEqual(maxInterpolatedAttempts(2));
  });
  it('still converges on a score that jumps (a step at quality 61)', async () => {
    const step = async (o: { q: number }) => (o.q >= 61 ? 90 : o.q / 2);
    const r = await searchByInterpolation(encode, step, 80, { variants: 1 });
    expect(r.best.quality).toBe(61);
  });
  it('ends at quality 1 when everything reaches the score, and returns the most similar file, flagged, when nothing does', async () => {
    expect((await searchByInterpolation(encode, async () => 95, 80, { variants: 1 })).best.quality).toBe(1);
    const r = await searchByInterpolation(encode, async (o: { q: number; v: number }) => o.q / 10 + o.v, 99, { variants: 3 });
    expect(r.reached).toBe(false);
    expect(r.best).toMatchObject({ quality: 100, variant: 2 });
  });
});
