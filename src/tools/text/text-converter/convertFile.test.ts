import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { JobProgress } from '../../../runtime/jobs';
import { ToolError } from '../../../lib/errors';
import { getConverter, lineChunks } from './convert';
import { decodeText } from '../../../lib/text-file';
import { convertFileBytes, detectLineEnding, encodeText } from './convertFile';
import { expectedFromGolden } from './goldens.testing';
import { outputName, type Mode } from './modes';

const bytesOf = (name: string) => new Uint8Array(readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))));
const utf8 = (s: string) => new TextEncoder().encode(s);
const BOM = [0xef, 0xbb, 0xbf];
const convertText = async (text: string, mode: Mode) => (await getConverter(mode))(text);

async function errorKey(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(ToolError);
    return (error as ToolError).key;
  }
  throw new Error('expected a ToolError');
}

describe('text files through a conversion', () => {
  it('converts a subtitle file byte for byte as the OpenCC tool does, keeping its BOM and CRLF', async () => {
    const input = bytesOf('episode-01.srt');
    expect([...input.subarray(0, 3)]).toEqual(BOM);
    const out = await convertFileBytes(input, 'episode-01.srt', 's2twp');
    expect(out.name).toBe('episode-01.zh-TW.srt');
    expect(out).toMatchObject({ encoding: 'UTF-8', bom: true, lineEnding: 'CRLF' });
    expect(Buffer.from(out.bytes).equals(Buffer.from(bytesOf('episode-01.s2twp.srt')))).toBe(true);
  });

  it('converts mixed English and Chinese notes without a BOM, with LF', async () => {
    const out = await convertFileBytes(bytesOf('notes.txt'), 'notes.txt', 's2twp');
    expect(out).toMatchObject({ name: 'notes.zh-TW.txt', bom: false, lineEnding: 'LF' });
    // 通过 → 通過 where the older dictionaries of the OpenCC tool say 透過: see goldens.ts.
    expect(new TextDecoder().decode(out.bytes)).toBe(expectedFromGolden(new TextDecoder().decode(bytesOf('notes.s2twp.txt')), 's2twp'));
  });

  it('keeps a UTF-8 BOM and CRLF through a case conversion, and adds none', async () => {
    const withBom = new Uint8Array([...BOM, ...utf8('first line\r\nsecond line\r\n')]);
    const out = await convertFileBytes(withBom, 'list.txt', 'title');
    expect([...out.bytes]).toEqual([...BOM, ...utf8('First Line\r\nSecond Line\r\n')]);
    const plain = await convertFileBytes(utf8('a b\nc d'), 'list.txt', 'snake');
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(plain.bytes)).toBe('a_b\nc_d');
  });

  it('refuses binary files (NUL bytes) and files that are not UTF-8, with translated keys', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(await errorKey(convertFileBytes(png, 'image.txt', 'upper'))).toBe('common:errors.notText');
    const gbk = new Uint8Array([0xc4, 0xe3, 0xba, 0xc3, 0xa3, 0xac, 0xca, 0xc0, 0xbd, 0xe7]); // 你好，世界 in GBK
    expect(await errorKey(convertFileBytes(gbk, 'gbk.txt', 's2t'))).toBe('common:errors.notUtf8');
    const truncated = utf8('汉字').subarray(0, 5); // a multi-byte character cut in half
    expect(await errorKey(convertFileBytes(truncated, 'cut.txt', 's2t'))).toBe('common:errors.notUtf8');
  });

  it('refuses an empty file', async () => {
    expect(await errorKey(convertFileBytes(new Uint8Array(0), 'empty.txt', 'upper'))).toBe('errors.emptyFile');
  });

  it('reads and writes UTF-16 files with a byte order mark, in their own byte order', async () => {
    for (const encoding of ['UTF-16LE', 'UTF-16BE'] as const) {
      const input = encodeText('简体字 and text\r\n', encoding, true);
      expect(decodeText(input, 'u16.txt')).toEqual({ text: '简体字 and text\r\n', encoding, bom: true });
      const out = await convertFileBytes(input, 'u16.txt', 's2t');
      expect([...out.bytes]).toEqual([...encodeText('簡體字 and text\r\n', encoding, true)]);
    }
    expect(() => decodeText(new Uint8Array([0xff, 0xfe, 0x41]), 'odd.txt')).toThrow(ToolError); // odd length
  });

  it('reports real progress: dictionary loading only when it happens, then converted characters', async () => {
    const big = `${'这是一行简体中文，用来测试分块转换。\r\n'.repeat(30_000)}`; // ~600 000 characters
    const seen: JobProgress[] = [];
    const out = await convertFileBytes(utf8(big), 'big.txt', 's2hk', (p) => seen.push(p));
    expect(seen[0]).toEqual({ kind: 'indeterminate', stage: 'text-converter:progress.loadingDictionary' });
    const fractions = seen.filter((p) => p.kind === 'fraction');
    expect(fractions.length).toBeGreaterThanOrEqual(2);
    expect(fractions.map((p) => p.done)).toEqual([...fractions.map((p) => p.done)].sort((a, b) => a - b));
    expect(fractions.at(-1)).toMatchObject({ done: 100, total: 100, unit: 'percent' });
    // Converting in pieces gives exactly what converting in one go gives.
    expect(new TextDecoder().decode(out.bytes)).toBe(await convertText(big, 's2hk'));
    // The dictionary is loaded now: no loading stage the second time.
    const again: JobProgress[] = [];
    await convertFileBytes(utf8('简体'), 'small.txt', 's2hk', (p) => again.push(p));
    expect(again).toEqual([{ kind: 'indeterminate', stage: 'text-converter:progress.converting' }]);
  });
});

describe('file helpers', () => {
  it('cuts pieces after line breaks only, never inside CRLF', () => {
    const text = 'aaaa\r\nbbbb\ncccc\rdddd';
    for (const size of [1, 2, 3, 4, 5, 6, 7, 100]) {
      const parts = [...lineChunks(text, size)];
      expect(parts.join('')).toBe(text);
      parts.slice(0, -1).forEach((p) => expect(p).toMatch(/(\r\n|\n|\r)$/));
      parts.slice(1).forEach((p) => expect(p.startsWith('\n')).toBe(false));
    }
    expect([...lineChunks('', 4)]).toEqual([]);
  });

  it('names line endings', () => {
    expect(detectLineEnding('a\r\nb\r\n')).toBe('CRLF');
    expect(detectLineEnding('a\nb')).toBe('LF');
    expect(detectLineEnding('a\rb')).toBe('CR');
    expect(detectLineEnding('a\r\nb\n')).toBe('mixed');
    expect(detectLineEnding('ab')).toBe('none');
  });

  it('names the output after the input and the mode, replacing a Chinese language tag', () => {
    expect(outputName('notes.txt', 'upper')).toBe('notes.upper.txt');
    expect(outputName('README', 'kebab')).toBe('README.kebab');
    expect(outputName('movie.srt', 's2twp')).toBe('movie.zh-TW.srt');
    expect(outputName('movie.zh-CN.srt', 's2hk')).toBe('movie.zh-HK.srt');
    expect(outputName('ep01.chs.ass', 's2t')).toBe('ep01.zh-Hant.ass');
    expect(outputName('台北.zh-TW.vtt', 'tw2sp')).toBe('台北.zh-CN.vtt');
    expect(outputName('.env', 'constant')).toBe('.env.constant');
  });
});
