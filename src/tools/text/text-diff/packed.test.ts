import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeDiff } from './diff';
import { packDiff, unpackDiff } from './packed';

describe('a comparison packed for the page', () => {
  const options = { mode: 'word' as const, ignoreWhitespace: true, ignoreCase: false };

  it('gives back every row exactly, the unchanged ones made from the texts', () => {
    const a = readFileSync(new URL('../../../../LICENSE', import.meta.url), 'utf8');
    const b = a.replace(/the Program/g, 'the  program').replace(/\n\n/g, '\r\n\n');
    const full = computeDiff(a, b, options);
    const shown = unpackDiff(structuredClone(packDiff(full)), a, b);
    expect(shown.rows.length).toBe(full.rows.length);
    expect(full.rows.some((r) => r.kind === 'equal') && full.rows.some((r) => r.kind !== 'equal')).toBe(true);
    for (let i = 0; i < full.rows.length; i++) {
      expect(shown.rows.kind(i)).toBe(full.rows[i].kind);
      expect(shown.rows.at(i)).toEqual(full.rows[i]);
    }
    // Made once: the views keep a row's identity between renders.
    expect(shown.rows.at(3)).toBe(shown.rows.at(3));
    expect({ ...shown, rows: undefined }).toEqual({ ...full, rows: undefined });
  });

  it('sends only the changed rows as objects', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `${i} the quick brown fox\n`);
    const a = lines.join('');
    const b = lines.map((l, i) => (i === 777 ? `${l.trim()} (edited)\n` : l)).join('');
    const packed = packDiff(computeDiff(a, b, { ...options, mode: 'line' }));
    expect(packed.kinds.length).toBe(20_000);
    expect(packed.changed.length).toBe(1);
  });
});
