import { describe, expect, it } from 'vitest';
import { forTextarea, fromTextarea, isCrlfOnly } from './readText';

describe('line breaks through the text box', () => {
  it('keeps CRLF files CRLF through the text box', () => {
    const file = 'one\r\ntwo\r\n';
    expect(isCrlfOnly(file)).toBe(true);
    expect(isCrlfOnly('one\r\ntwo\n')).toBe(false);
    expect(forTextarea(file)).toBe('one\ntwo\n');
    expect(fromTextarea(`${forTextarea(file)}three\n`, true)).toBe('one\r\ntwo\r\nthree\r\n');
    expect(fromTextarea('a\nb', false)).toBe('a\nb');
  });
});
