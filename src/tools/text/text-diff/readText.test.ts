import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { forTextarea, fromTextarea, isCrlfOnly, looksBinary, readTextFile } from './readText';

const read = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');

describe('reading files', () => {
  it('reads UTF-8 with or without BOM and UTF-16 with BOM', async () => {
    expect(await readTextFile(new File(['\uFEFFcafé\n'], 'a.txt'))).toBe('café\n');
    const utf16 = new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0xe9, 0x00, 0x0a, 0x00]);
    expect(await readTextFile(new File([utf16], 'u.txt'))).toBe('aé\n');
  });

  it('rejects binary and too large files with a translation key', async () => {
    await expect(readTextFile(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d])], 'x.png'))).rejects.toMatchObject({ key: 'errors.binary', params: { name: 'x.png' } });
    await expect(readTextFile(new File(['0123456789'], 'big.txt'), 5)).rejects.toMatchObject({ key: 'common:errors.tooLarge' });
  });

  it('keeps CRLF files CRLF through the text box', () => {
    const file = 'one\r\ntwo\r\n';
    expect(isCrlfOnly(file)).toBe(true);
    expect(isCrlfOnly('one\r\ntwo\n')).toBe(false);
    expect(forTextarea(file)).toBe('one\ntwo\n');
    expect(fromTextarea(`${forTextarea(file)}three\n`, true)).toBe('one\r\ntwo\r\nthree\r\n');
    expect(fromTextarea('a\nb', false)).toBe('a\nb');
  });
});

describe('binary detection', () => {
  it('rejects NUL bytes and control-character soup, accepts text in any script', () => {
    expect(looksBinary('PK\u0003\u0004\u0000\u0000abc')).toBe(true);
    expect(looksBinary('\u0001\u0002\u0003\u0004\u0005abcdefgh')).toBe(true);
    expect(looksBinary('\uFFFD\uFFFD\uFFFDJFIF\uFFFD\uFFFD')).toBe(true);
    expect(looksBinary(read('prose-a.txt'))).toBe(false);
    expect(looksBinary('中文，日本語、한국어\r\n\tTabs\fand form feeds')).toBe(false);
    expect(looksBinary('')).toBe(false);
  });
});
