import { describe, expect, it } from 'vitest';
import { acceptAttribute, acceptsFile, screenFiles } from './fileTypes';

const f = (name: string, type = '', size = 3) => new File([new Uint8Array(size)], name, { type });

describe('file types', () => {
  const text = { extensions: ['txt', '.md', 'SRT'], mime: ['text/plain'], maxSize: 10 };

  it('accepts by extension (any case) or MIME type, including wildcards', () => {
    expect(acceptsFile(text, f('notes.MD'))).toBe(true);
    expect(acceptsFile(text, f('season1.srt'))).toBe(true);
    expect(acceptsFile(text, f('noext', 'text/plain'))).toBe(true);
    expect(acceptsFile(text, f('photo.jpg', 'image/jpeg'))).toBe(false);
    expect(acceptsFile({ mime: ['image/*'] }, f('x.bin', 'image/png'))).toBe(true);
    expect(acceptsFile({}, f('anything.bin'))).toBe(true);
  });

  it('builds the accept attribute', () => {
    expect(acceptAttribute(text)).toBe('text/plain,.txt,.md,.SRT');
  });

  it('rejects wrong types and oversized files by name, and keeps the rest', () => {
    const { accepted, rejected } = screenFiles(text, [f('a.txt'), f('b.exe'), f('c.txt', '', 11)]);
    expect(accepted.map((x) => x.name)).toEqual(['a.txt']);
    expect(rejected.map((r) => [r.name, r.error.key])).toEqual([
      ['b.exe', 'errors.wrongType'],
      ['c.txt', 'errors.tooLarge'],
    ]);
    expect(rejected[1].error.params).toMatchObject({ name: 'c.txt', size: 11, limit: 10 });
  });
});
