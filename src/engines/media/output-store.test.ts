import { describe, expect, it } from 'vitest';
import { staleFolders } from './output-store';

describe('media output folders in OPFS', () => {
  it('removes only the folders whose page no longer holds its lock', () => {
    expect(staleFolders(['a', 'b', 'c'], ['localkit-media:b', 'other-lock', undefined])).toEqual(['a', 'c']);
  });
  it('keeps everything a live page holds', () => {
    expect(staleFolders(['a'], ['localkit-media:a'])).toEqual([]);
    expect(staleFolders([], ['localkit-media:a'])).toEqual([]);
  });
});
