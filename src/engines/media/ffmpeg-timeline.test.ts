import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../lib/png-chunks';
import { splitPngStream } from './frame-times';
import { pngSize } from './ffmpeg-timeline';

const png = (url: string) => new Uint8Array(readFileSync(new URL(url, import.meta.url)));

describe('pngSize (the AVI/FLV timeline reads the first picture ffmpeg.wasm writes)', () => {
  it('reads width and height from real PNGs, also out of a stream of several', () => {
    const a = png('../codecs/fixtures/alpha.png');
    const b = png('../../tools/favicon/converter/fixtures/badge-256.png');
    const [first, second] = splitPngStream(concatBytes([a, b]));
    expect(pngSize(first)).toEqual({ width: 120, height: 80 });
    expect(pngSize(second)).toEqual({ width: 256, height: 256 });
    expect(pngSize(new Uint8Array(10))).toBeNull();
  });
});
