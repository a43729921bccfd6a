import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cutOff, whyUnreadable } from './unreadable';

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, 'fixtures', name)));

describe('why an image could not be read', () => {
  it('names a file that is no image at all, whatever its extension', () => {
    expect(whyUnreadable(fixture('not-image.jpg'))).toEqual({ key: 'notImage' });
    expect(cutOff(fixture('not-image.jpg'))).toBeNull();
  });

  it('names a cut-off JPEG and PNG as truncated, with their format', () => {
    expect(cutOff(fixture('truncated.jpg'))).toEqual({ key: 'truncated', format: 'JPEG' });
    const png = fixture('coffee.png');
    expect(whyUnreadable(png.subarray(0, png.length >> 1))).toEqual({ key: 'truncated', format: 'PNG' });
  });

  it('calls a whole file the decoder refused damaged, and leaves whole files alone', () => {
    const png = fixture('coffee.png');
    expect(cutOff(png)).toBeNull();
    expect(cutOff(fixture('cat.jpg'))).toBeNull();
    expect(whyUnreadable(png)).toEqual({ key: 'damaged', format: 'PNG' });
  });
});
