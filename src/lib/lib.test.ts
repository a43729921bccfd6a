import { describe, expect, it } from 'vitest';
import { formatBytes, formatChange, formatDuration, sizeRatio } from './bytes';
import { replaceExtension, uniqueNames } from './download';
import { ToolError, toErrorKey } from './errors';

describe('bytes', () => {
  it('formats sizes in binary units', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(formatBytes(-1, 'en')).toBe('—');
  });
  it('gives the size change of a result', () => {
    expect(sizeRatio(1000, 250)).toBe(0.25);
    expect(formatChange(1000, 250)).toBe('-75%');
    expect(formatChange(1000, 1100)).toBe('+10%');
    expect(formatChange(0, 10)).toBe('—');
  });
  it('formats durations', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
});

describe('file names', () => {
  it('replaces the last extension', () => {
    expect(replaceExtension('photo.jpg', 'webp')).toBe('photo.webp');
    expect(replaceExtension('archive.tar.gz', '.zip')).toBe('archive.tar.zip');
    expect(replaceExtension('README', 'txt')).toBe('README.txt');
  });
  it('makes names unique inside one archive, even against existing numbered names', () => {
    expect(uniqueNames(['a.txt', 'A.txt', 'a (2).txt', 'b'])).toEqual(['a.txt', 'A (2).txt', 'a (2) (2).txt', 'b']);
    expect(uniqueNames(['x', 'x', 'x'])).toEqual(['x', 'x (2)', 'x (3)']);
  });
});

describe('errors', () => {
  it('turns thrown values into translation keys', () => {
    expect(toErrorKey(new ToolError('errors.emptyFile'))).toEqual({ key: 'errors.emptyFile', params: undefined });
    expect(toErrorKey({ key: 'x.y', params: { n: 1 } })).toEqual({ key: 'x.y', params: { n: 1 } });
    expect(toErrorKey(new Error('boom'), 'errors.conversion')).toEqual({ key: 'errors.conversion' });
  });
});
