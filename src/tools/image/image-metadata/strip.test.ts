import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../../../lib/errors';
import { jpegLayout } from './jpeg';
import { pngChunks } from './png';
import { readBlocks, stripMetadata } from './strip';
import { tiffHasGps, tiffOrientation } from './tiff';
import { xmpHasGps } from './xmp';
import { latin1 } from './blocks';
import { webpChunks } from '../../../engines/codecs/webp-mux';

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, 'fixtures', name)));
const CODECS = path.resolve(__dirname, '../../../engines/codecs/fixtures');
const codecFixture = (name: string) => new Uint8Array(readFileSync(path.join(CODECS, name)));

/** The coded image: from the first scan to EOI (JPEG), the IDAT chunks (PNG), the bitstream chunks (WebP). */
function imageData(bytes: Uint8Array, format: 'jpeg' | 'png' | 'webp'): Uint8Array[] {
  if (format === 'jpeg') {
    const { segments, scan, end } = jpegLayout(bytes);
    return [...segments.filter((s) => s.marker < 0xe0 || s.marker > 0xef).filter((s) => s.marker !== 0xfe).map((s) => s.payload), bytes.subarray(scan, end)];
  }
  if (format === 'png') return pngChunks(bytes).filter((c) => ['IHDR', 'IDAT', 'PLTE', 'tRNS'].includes(c.type)).map((c) => c.data);
  return webpChunks(bytes).filter((c) => ['VP8 ', 'VP8L', 'ALPH', 'ANMF'].includes(c.fourcc)).map((c) => c.data);
}

const CASES = [
  ['gps.jpg', 'jpeg'],
  ['gps.png', 'png'],
  ['gps.webp', 'webp'],
] as const;

describe.each(CASES)('%s', (name, format) => {
  const input = fixture(name);
  const before = readBlocks(input);

  it('reads EXIF with GPS, XMP with GPS and the ICC profile', () => {
    expect(before.exif && tiffHasGps(before.exif)).toBe(true);
    expect(before.exif && tiffOrientation(before.exif)).toBe(6);
    expect(before.xmp.some((x) => xmpHasGps(latin1(x)))).toBe(true);
    expect(before.icc?.length).toBe(564);
  });

  it('"remove location" drops only GPS, the image data and every other block unchanged', () => {
    const out = stripMetadata(input, { mode: 'location', keepIcc: false });
    expect(out.removed).toEqual(['gps']);
    const after = readBlocks(out.bytes);
    expect(tiffHasGps(after.exif!)).toBe(false);
    expect(tiffOrientation(after.exif!)).toBe(6);
    expect(after.exif!.length).toBe(before.exif!.length);
    expect(after.xmp.some((x) => xmpHasGps(latin1(x)))).toBe(false);
    expect(latin1(after.xmp[0])).toContain('Eiffel');
    expect(after.icc).toEqual(before.icc);
    expect(after.iptc).toEqual(before.iptc);
    expect(imageData(out.bytes, format)).toEqual(imageData(input, format));
    // Nothing of the old location is left anywhere in the file: the GPS directory's bytes are zeroed.
    expect(latin1(out.bytes)).not.toContain('48,51.498N');
  });

  it('"remove all" leaves only a bare Orientation tag, the image data unchanged', () => {
    const out = stripMetadata(input, { mode: 'all', keepIcc: false });
    expect(out.keptOrientation).toBe(6);
    const after = readBlocks(out.bytes);
    expect(after.exif!.length).toBe(26);
    expect(tiffOrientation(after.exif!)).toBe(6);
    expect(after.xmp).toEqual([]);
    expect(after.icc).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(imageData(out.bytes, format)).toEqual(imageData(input, format));
    expect(stripMetadata(input, { mode: 'all', keepIcc: true }).bytes.length).toBeGreaterThan(out.bytes.length);
    expect(readBlocks(stripMetadata(input, { mode: 'all', keepIcc: true }).bytes).icc).toEqual(before.icc);
  });

  it('is idempotent: a stripped file stripped again comes back byte for byte', () => {
    const once = stripMetadata(input, { mode: 'all', keepIcc: false }).bytes;
    expect(stripMetadata(once, { mode: 'all', keepIcc: false }).bytes).toEqual(once);
    const located = stripMetadata(input, { mode: 'location', keepIcc: false }).bytes;
    const again = stripMetadata(located, { mode: 'location', keepIcc: false });
    expect(again.removed).toEqual([]);
    expect(again.bytes).toEqual(located);
  });
});

describe('hostile input', () => {
  const code = (work: () => unknown) => {
    try {
      work();
    } catch (error) {
      return error instanceof ToolError ? error.key : String(error);
    }
    return 'no error';
  };
  it('names empty, non-image, truncated and unsupported files', () => {
    expect(code(() => stripMetadata(codecFixture('empty.jpg'), { mode: 'all', keepIcc: false }))).toBe('image-metadata:errors.empty');
    expect(code(() => stripMetadata(codecFixture('not-image.jpg'), { mode: 'all', keepIcc: false }))).toBe('image-codecs:errors.notImage');
    expect(code(() => stripMetadata(codecFixture('truncated.jpg'), { mode: 'all', keepIcc: false }))).toBe('image-codecs:errors.truncated');
    expect(code(() => stripMetadata(fixture('gps.png').subarray(0, 2000), { mode: 'all', keepIcc: false }))).toBe('image-codecs:errors.truncated');
    expect(code(() => stripMetadata(fixture('gps.webp').subarray(0, 3000), { mode: 'all', keepIcc: false }))).toBe('image-codecs:errors.truncated');
    expect(code(() => stripMetadata(codecFixture('coffee.bmp'), { mode: 'all', keepIcc: false }))).toBe('image-metadata:errors.unsupported');
    expect(code(() => stripMetadata(fixture('gps.heic').subarray(0, 300), { mode: 'all', keepIcc: false }))).toBe('image-codecs:errors.truncated');
  });
  it('a JPEG with no metadata comes back unchanged', () => {
    const cat = codecFixture('cat.jpg');
    expect(stripMetadata(cat, { mode: 'all', keepIcc: false }).bytes).toEqual(cat);
    expect(stripMetadata(cat, { mode: 'location', keepIcc: false }).bytes).toEqual(cat);
  });
});
