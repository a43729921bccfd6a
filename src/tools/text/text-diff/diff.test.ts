import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyPatch, parsePatch } from 'diff';
import { afterAll, describe, expect, it } from 'vitest';
import { computeDiff } from './diff';
import { splitLines } from './lines';
import { unifiedPatch } from './patch';
import type { DiffOptions, Row, Side } from './types';
import { cpuClock } from '../../../lib/testing/cpuClock';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const read = (name: string) => readFileSync(fixture(name), 'utf8');

const LINE: DiffOptions = { mode: 'line', ignoreWhitespace: false, ignoreCase: false };
const WORD: DiffOptions = { ...LINE, mode: 'word' };
const CHAR: DiffOptions = { ...LINE, mode: 'char' };

/** Runs GNU diff (normal format) and counts the lines it marks '<' (removed) and '>' (added). */
function gnuDiff(a: string, b: string, flags: string[] = []): { removed: number; added: number } {
  let out: string;
  try {
    out = execFileSync('diff', [...flags, a, b], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const e = error as { status?: number; stdout?: string };
    if (e.status !== 1 || e.stdout === undefined) throw error; // 1 = the files differ; 2 = trouble
    out = e.stdout;
  }
  const lines = out.split('\n');
  return { removed: lines.filter((l) => l.startsWith('<')).length, added: lines.filter((l) => l.startsWith('>')).length };
}

const sideText = (s: Side | null) => (s ? s.segments.map((x) => x.text).join('') : null);
const marked = (s: Side | null) => (s ? s.segments.filter((x) => x.hl).map((x) => x.text) : []);

/** Rebuilds each side from the rows: every line, in order, with its line break. */
function rebuild(rows: Row[], side: 'left' | 'right'): string {
  let out = '';
  let expected = 1;
  for (const row of rows) {
    const s = row[side];
    if (!s) continue;
    expect(s.no).toBe(expected++);
    out += sideText(s)! + s.eol;
  }
  return out;
}

const tmp = mkdtempSync(path.join(tmpdir(), 'text-diff-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const PAIRS = [
  ['prose-a.txt', 'prose-b.txt'],
  ['code-a.ts.txt', 'code-b.ts.txt'],
  ['eol-a.conf', 'eol-b.conf'],
  ['crlf-a.csv', 'crlf-b.csv'],
  ['ws-a.txt', 'ws-b.txt'],
] as const;

describe('line mode against GNU diff', () => {
  it.each(PAIRS)('%s → %s: the same numbers of removed and added lines as `diff`', (a, b) => {
    const gnu = gnuDiff(fixture(a), fixture(b));
    const ours = computeDiff(read(a), read(b), LINE);
    expect(gnu.removed + gnu.added).toBeGreaterThan(0);
    expect({ removed: ours.removed, added: ours.added }).toEqual(gnu);
    expect({ removed: ours.linesRemoved, added: ours.linesAdded }).toEqual(gnu);
  });

  it.each(PAIRS)('%s → %s: with ignore whitespace and ignore case, as `diff -w`, `diff -i` and `diff -w -i`', (a, b) => {
    const cases: [Partial<DiffOptions>, string[]][] = [
      [{ ignoreWhitespace: true }, ['-w']],
      [{ ignoreCase: true }, ['-i']],
      [{ ignoreWhitespace: true, ignoreCase: true }, ['-w', '-i']],
    ];
    for (const [opts, flags] of cases) {
      const ours = computeDiff(read(a), read(b), { ...LINE, ...opts });
      expect({ removed: ours.removed, added: ours.added }, flags.join(' ')).toEqual(gnuDiff(fixture(a), fixture(b), flags));
    }
  });

  it('agrees with `diff` on a generated 6,000-line file with scattered edits', () => {
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const words = ['alpha', 'beta', 'gamma', 'delta', 'return', 'const', 'value', 'index', '{', '}', '=', '+'];
    const lines = Array.from({ length: 6000 }, (_, i) => `${i % 7 === 0 ? '' : '  '}${Array.from({ length: 1 + Math.floor(rand() * 8) }, () => words[Math.floor(rand() * words.length)]).join(' ')}`);
    const edited = [...lines];
    for (let k = 0; k < 60; k++) {
      const at = Math.floor(rand() * edited.length);
      const op = rand();
      if (op < 0.33) edited.splice(at, 1);
      else if (op < 0.66) edited.splice(at, 0, `inserted ${k}`);
      else edited[at] = `${edited[at]} changed`;
    }
    const a = lines.join('\n') + '\n';
    const b = edited.join('\n') + '\n';
    writeFileSync(path.join(tmp, 'big-a.txt'), a);
    writeFileSync(path.join(tmp, 'big-b.txt'), b);
    const gnu = gnuDiff(path.join(tmp, 'big-a.txt'), path.join(tmp, 'big-b.txt'));
    const cpu = cpuClock();
    const ours = computeDiff(a, b, LINE);
    expect(cpu()).toBeLessThan(2000);
    expect({ removed: ours.removed, added: ours.added }).toEqual(gnu);
  });

  it('treats a missing newline at the end of the file as a change, as GNU diff does', () => {
    const r = computeDiff('a\nb', 'a\nb\n', LINE);
    expect([r.removed, r.added]).toEqual([1, 1]);
    const last = r.rows[r.rows.length - 1];
    expect(last.kind).toBe('changed');
    expect(last.left?.eol).toBe('');
    expect(last.right?.eol).toBe('\n');
    expect(computeDiff('a\nb', 'a\nb\n', { ...LINE, ignoreWhitespace: true }).identical).toBe(true);
  });

  it('sees CRLF and LF lines as different and reports the line endings of each side', () => {
    const r = computeDiff('one\r\ntwo\r\n', 'one\ntwo\n', LINE);
    expect([r.removed, r.added]).toEqual([2, 2]);
    expect([r.eolA, r.eolB]).toEqual(['crlf', 'lf']);
    expect(r.rows.every((row) => row.kind === 'changed' && marked(row.left).length === 0)).toBe(true);
    expect(computeDiff('one\r\ntwo\r\n', 'one\ntwo\n', { ...LINE, ignoreWhitespace: true }).identical).toBe(true);
    expect(computeDiff(read('crlf-a.csv'), read('crlf-b.csv'), LINE).eolB).toBe('mixed');
  });
});

describe('rows for the side-by-side view', () => {
  it('numbers both sides and rebuilds both texts exactly, in every mode', () => {
    for (const [a, b] of PAIRS) {
      for (const options of [LINE, WORD, CHAR, { ...WORD, ignoreWhitespace: true, ignoreCase: true }]) {
        const r = computeDiff(read(a), read(b), options);
        expect(rebuild(r.rows, 'left'), `${a} ${options.mode}`).toBe(read(a));
        expect(rebuild(r.rows, 'right'), `${b} ${options.mode}`).toBe(read(b));
        expect(r.linesA).toBe(splitLines(read(a)).length);
      }
    }
  });

  it('marks the changed words inside a changed pair of lines', () => {
    const r = computeDiff('The quick brown fox\njumps\n', 'The quick red fox\njumps\n', LINE);
    expect(r.rows.map((x) => x.kind)).toEqual(['changed', 'equal']);
    expect(marked(r.rows[0].left)).toEqual(['brown']);
    expect(marked(r.rows[0].right)).toEqual(['red']);
    expect([r.rows[0].left?.no, r.rows[0].right?.no, r.rows[1].left?.no, r.rows[1].right?.no]).toEqual([1, 1, 2, 2]);
  });

  it('does not mark words in lines that have little in common', () => {
    const r = computeDiff('completely different words here\n', 'nothing alike at all\n', LINE);
    expect(r.rows[0].kind).toBe('changed');
    expect(marked(r.rows[0].left)).toEqual([]);
  });

  it('pairs removed and added lines in order and leaves the rest unpaired', () => {
    const r = computeDiff('a\nx1\nx2\nx3\nb\n', 'a\ny1\nb\nc\n', LINE);
    expect(r.rows.map((x) => [x.kind, x.left?.no ?? null, x.right?.no ?? null])).toEqual([
      ['equal', 1, 1],
      ['changed', 2, 2],
      ['removed', 3, null],
      ['removed', 4, null],
      ['equal', 5, 3],
      ['added', null, 4],
    ]);
    expect([r.removed, r.added]).toEqual([3, 2]);
  });

  it('shows a moved code block as removed in one place and added in the other', () => {
    const r = computeDiff(read('code-a.ts.txt'), read('code-b.ts.txt'), LINE);
    const moved = 'export function mergeConfig(base: Config, patch: Partial<Config>): Config {';
    const removedAt = r.rows.filter((x) => x.kind === 'removed' && sideText(x.left) === moved).map((x) => x.left!.no);
    const addedAt = r.rows.filter((x) => x.kind === 'added' && sideText(x.right) === moved).map((x) => x.right!.no);
    expect(removedAt).toEqual([read('code-a.ts.txt').split('\n').indexOf(moved) + 1]);
    expect(addedAt).toEqual([read('code-b.ts.txt').split('\n').indexOf(moved) + 1]);
  });
});

describe('word and character modes', () => {
  it('counts words added and removed', () => {
    const r = computeDiff('The quick brown fox jumps.\n', 'The quick red fox leaps high.\n', WORD);
    expect(r.removed).toBe(2); // brown, jumps
    expect(r.added).toBe(3); // red, leaps, high
    expect(marked(r.rows[0].left)).toEqual(['brown', 'jumps']);
    expect(marked(r.rows[0].right)).toEqual(['red', 'leaps high']);
  });

  it('counts characters added and removed, keeping graphemes whole', () => {
    const r = computeDiff('colour 👍🏽\n', 'color 👍🏻\n', CHAR);
    expect(r.removed).toBe(2); // u, 👍🏽
    expect(r.added).toBe(1); // 👍🏻
    expect(marked(r.rows[0].left)).toEqual(['u', '👍🏽']);
  });

  it('segments CJK text into words', () => {
    const r = computeDiff('我们今天去公园散步。\n', '我们明天去公园散步。\n', WORD);
    expect(marked(r.rows[0].left)).toEqual(['今天']);
    expect(marked(r.rows[0].right)).toEqual(['明天']);
    expect([r.removed, r.added]).toEqual([1, 1]);
  });

  it('only compares inside changed lines; unchanged lines stay unchanged', () => {
    const r = computeDiff(read('prose-a.txt'), read('prose-b.txt'), WORD);
    const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
    expect(r.removed).toBeGreaterThan(0);
    expect(r.added).toBeGreaterThan(r.removed);
    expect(r.rows.filter((x) => x.kind === 'equal').length).toBe(r.linesA - r.linesRemoved);
    // the added paragraph is counted word by word
    expect(r.added).toBeGreaterThanOrEqual(words('That night she wrote in the log, in the same small hand as always:'));
  });

  it('aligns a line that was split in two against the joined line', () => {
    const r = computeDiff('foo bar baz\n', 'foo bar\nbaz\n', WORD);
    expect(r.rows.map((x) => [x.kind, sideText(x.left), sideText(x.right)])).toEqual([
      ['changed', 'foo bar baz', 'foo bar'],
      ['added', null, 'baz'],
    ]);
    expect(r.rows[0].right?.eolHl).toBe(true); // the new line break is marked
    expect([r.removed, r.added]).toEqual([0, 0]); // no word changed, only a line break
    expect(computeDiff('foo bar baz\n', 'foo bar\nbaz\n', CHAR).added).toBe(1); // the line break
  });

  it('ignores case and whitespace in word and character modes', () => {
    expect(computeDiff('Hello  World\n', 'hello world\n', { ...WORD, ignoreCase: true }).removed).toBe(0);
    const ws = computeDiff('Hello  World\n', 'hello world\n', { ...WORD, ignoreCase: true });
    expect(ws.identical).toBe(false); // the double space is still a change
    expect(computeDiff('Hello  World\n', 'hello world\n', { ...WORD, ignoreCase: true, ignoreWhitespace: true }).identical).toBe(true);
    const c = computeDiff('tab\tseparated\n', 'Tab  Separated!\n', { ...CHAR, ignoreCase: true, ignoreWhitespace: true });
    expect([c.removed, c.added]).toEqual([0, 1]);
  });
});

describe('unified patch', () => {
  it.each(PAIRS)('%s → %s: applying the patch to A gives B', (a, b) => {
    const patch = unifiedPatch(read(a), read(b), LINE, { a, b });
    expect(patch.startsWith(`--- a/${a}\n+++ b/${b}\n@@ `)).toBe(true);
    expect(applyPatch(read(a), patch)).toBe(read(b));
  });

  it.each(PAIRS)('%s → %s: the patch has as many -/+ lines as the counts, with and without ignore options', (a, b) => {
    for (const opts of [LINE, { ...LINE, ignoreWhitespace: true }, { ...LINE, ignoreCase: true, ignoreWhitespace: true }]) {
      const [p] = parsePatch(unifiedPatch(read(a), read(b), opts, { a, b }));
      const lines = p.hunks.flatMap((h) => h.lines);
      const r = computeDiff(read(a), read(b), opts);
      expect(lines.filter((l) => l.startsWith('-')).length).toBe(r.linesRemoved);
      expect(lines.filter((l) => l.startsWith('+')).length).toBe(r.linesAdded);
    }
  });

  it('is the same hunk as `diff -u`', () => {
    const out = (() => {
      try {
        return execFileSync('diff', ['-u', fixture('eol-a.conf'), fixture('eol-b.conf')], { encoding: 'utf8' });
      } catch (e) {
        return (e as { stdout: string }).stdout;
      }
    })();
    const gnuBody = out.split('\n').slice(2).join('\n');
    const ours = unifiedPatch(read('eol-a.conf'), read('eol-b.conf'), LINE, { a: 'a', b: 'b' });
    expect(ours.split('\n').slice(2).join('\n')).toBe(gnuBody);
  });

  it('has no hunks for identical texts', () => {
    expect(unifiedPatch('same\n', 'same\n', LINE, { a: 'x', b: 'x' })).toBe('--- a/x\n+++ b/x\n');
  });
});
