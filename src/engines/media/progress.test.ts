import { describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MS, throttledProgress } from './progress';

describe('throttledProgress', () => {
  it('passes whole-percent changes at most every 250 ms, and always the end', () => {
    const seen: number[] = [];
    let t = 0;
    const report = throttledProgress((p) => seen.push(p), () => t);
    // 60 000 packet reports over 6 s, as mediabunny gives for long 8 kHz audio.
    for (let i = 1; i <= 60_000; i++) {
      t = i / 10;
      report(i / 60_000);
    }
    // 6 s at one report per 250 ms at most: 24 reports and the end.
    expect(seen.length).toBeLessThanOrEqual(25);
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('does not repeat a percent, however slow', () => {
    const seen: number[] = [];
    let t = 0;
    const report = throttledProgress((p) => seen.push(p), () => t);
    for (const p of [0.001, 0.002, 0.005, 0.011]) {
      t += 1000;
      report(p);
    }
    expect(seen).toEqual([0, 1]);
  });

  it('says a percent that does not change again after KEEP_ALIVE_MS, so a slow job is heard working', () => {
    const seen: number[] = [];
    let t = 0;
    const report = throttledProgress((p) => seen.push(p), () => t);
    report(0.421);
    for (t = 1000; t < 3 * KEEP_ALIVE_MS + 500; t += 1000) report(0.422);
    expect(seen).toEqual([42, 42, 42, 42]);
  });
});
