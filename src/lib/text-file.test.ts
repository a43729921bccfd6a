import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeText, looksBinary, readTextFile } from './text-file';

const utf8 = (s: string) => new TextEncoder().encode(s);
const prose = readFileSync(fileURLToPath(new URL('../tools/text/text-diff/fixtures/prose-a.txt', import.meta.url)), 'utf8');

describe('reading text files', () => {
  it('reads UTF-8 with or without its byte order mark and UTF-16 with it, and says which', async () => {
    expect(await readTextFile(new File(['\uFEFFcafé\n'], 'a.txt'))).toEqual({ text: 'café\n', encoding: 'UTF-8', bom: true });
    expect(await readTextFile(new File(['café\n'], 'a.txt'))).toEqual({ text: 'café\n', encoding: 'UTF-8', bom: false });
    const le = new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0xe9, 0x00, 0x0a, 0x00]);
    expect(await readTextFile(new File([le], 'u.txt'))).toEqual({ text: 'aé\n', encoding: 'UTF-16LE', bom: true });
    const be = new Uint8Array([0xfe, 0xff, 0x00, 0x61, 0x00, 0xe9]);
    expect(decodeText(be, 'b.txt')).toEqual({ text: 'aé', encoding: 'UTF-16BE', bom: true });
    expect(decodeText(new Uint8Array(0), 'empty.txt')).toEqual({ text: '', encoding: 'UTF-8', bom: false });
  });

  it('refuses binary, UTF-16 without its mark, odd UTF-16 and invalid UTF-8 with a key that names the file', async () => {
    await expect(readTextFile(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d])], 'x.png'))).rejects.toMatchObject({ key: 'common:errors.notText', params: { name: 'x.png' } });
    expect(() => decodeText(new Uint8Array([0x61, 0x00, 0x62, 0x00]), 'u16.txt')).toThrow(expect.objectContaining({ key: 'common:errors.notText' }));
    expect(() => decodeText(new Uint8Array([0xff, 0xfe, 0x41]), 'odd.txt')).toThrow(expect.objectContaining({ key: 'common:errors.notText' }));
    expect(() => decodeText(new Uint8Array([0xc4, 0xe3, 0xba, 0xc3]), 'gbk.txt')).toThrow(expect.objectContaining({ key: 'common:errors.notUtf8', params: { name: 'gbk.txt' } }));
    expect(() => decodeText(utf8('\u0001\u0002\u0003\u0004\u0005abcdefgh'), 'ctl.txt')).toThrow(expect.objectContaining({ key: 'common:errors.notText' }));
  });

  it('refuses a file over the limit', async () => {
    await expect(readTextFile(new File(['0123456789'], 'big.txt'), 5)).rejects.toMatchObject({ key: 'common:errors.tooLarge', params: { name: 'big.txt' } });
  });
});

describe('binary detection', () => {
  it('rejects NUL bytes and control-character soup, accepts text in any script', () => {
    expect(looksBinary('PK\u0003\u0004\u0000\u0000abc')).toBe(true);
    expect(looksBinary('\u0001\u0002\u0003\u0004\u0005abcdefgh')).toBe(true);
    expect(looksBinary('\uFFFD\uFFFD\uFFFDJFIF\uFFFD\uFFFD')).toBe(true);
    expect(looksBinary(prose)).toBe(false);
    expect(looksBinary('中文，日本語、한국어\r\n\tTabs\fand form feeds')).toBe(false);
    expect(looksBinary('')).toBe(false);
  });
});
