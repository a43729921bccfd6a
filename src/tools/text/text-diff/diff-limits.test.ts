import { describe, expect, it } from 'vitest';
import { ToolError } from '../../../lib/errors';
import { computeDiff } from './diff';
import { charTokens, wordTokens } from './tokens';
import type { DiffOptions } from './types';
import { cpuClock } from '../../../lib/testing/cpuClock';

/** A single line of `n` pseudo-random words (a 3 MB line from 660,000), different for each seed. */
function oneLine(seed: number, n: number): string {
  let x = seed;
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    words.push((x % 100000).toString(36));
  }
  return words.join(' ');
}

const whole = (granularity: 'word' | 'grapheme', text: string) => Array.from(new Intl.Segmenter(undefined, { granularity }).segment(text), (s) => s.segment);

describe('time limit', () => {
  const a = oneLine(1, 700_000);
  const b = oneLine(2, 700_000);

  for (const mode of ['word', 'char'] as const) {
    it(`holds in ${mode} mode on two different 3 MB single-line texts`, { timeout: 60_000 }, () => {
      expect(a.length).toBeGreaterThan(3_000_000);
      const options: DiffOptions = { mode, ignoreWhitespace: false, ignoreCase: false };
      const limit = 2000;
      const cpu = cpuClock();
      let outcome: string;
      try {
        const result = computeDiff(a, b, options, { timeoutMs: limit });
        outcome = `done: ${result.added} added`;
      } catch (error) {
        expect(error).toBeInstanceOf(ToolError);
        outcome = (error as ToolError).key;
      }
      const elapsed = cpu();
      console.log(`${mode} mode, 2 × ${(a.length / 1e6).toFixed(1)} MB, limit ${limit} ms: ${outcome} after ${elapsed.toFixed(0)} ms CPU`);
      expect(outcome).toBe('errors.tooComplex');
      // The deadline is checked between slices of the tokenizer and inside the search: a small overshoot only
      // (about 0.5 s; before, over 300 s). CPU time: a busy machine stretches the wall clock, not the work.
      expect(elapsed).toBeLessThan(limit * 4);
    });
  }

  it('still compares the same texts in full when no limit is set for a small part of them', () => {
    const r = computeDiff(a.slice(0, 2000), b.slice(0, 2000), { mode: 'word', ignoreWhitespace: false, ignoreCase: false }, { timeoutMs: 20_000 });
    expect(r.added).toBeGreaterThan(100);
    expect(r.removed).toBeGreaterThan(100);
  });
});

describe('tokens found slice by slice', () => {
  it('are the segments of the whole text, across slice boundaries', { timeout: 30_000 }, () => {
    // Emoji with skin tones and ZWJ, combining accents, CJK, Hangul jamo, long words and ASCII runs,
    // repeated so that every kind lands on a slice boundary somewhere.
    const unit = 'plain ascii text, then e\u0301 and 👩🏽‍💻 and 🇩🇪, 你好世界 한국어 \u1100\u1161\u11A8 ' + 'x'.repeat(1500) + ' tab\tend. ';
    const text = Array.from({ length: 24 }, (_, i) => unit.slice(i % 17)).join('');
    expect(charTokens(text)).toEqual(whole('grapheme', text));
    expect(charTokens(text).join('')).toBe(text);
    const words = wordTokens(text);
    expect(words.join('')).toBe(text);
    // Whitespace runs are merged; apart from that the words are the segmenter's.
    const merged: string[] = [];
    for (const s of whole('word', text)) {
      if (/^\s+$/u.test(s) && merged.length && /^\s+$/u.test(merged[merged.length - 1])) merged[merged.length - 1] += s;
      else merged.push(s);
    }
    expect(words).toEqual(merged);
  });
});
