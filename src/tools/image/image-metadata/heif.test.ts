import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { latin1 } from './blocks';
import { parse } from './heif';
import { readBlocks, stripMetadata } from './strip';
import { tiffHasGps } from './tiff';
import { xmpHasGps } from './xmp';

// gps.heic and gps.avif: the codec fixtures coffee.heic and astronaut.avif with EXIF (Make LocalkitCam, GPS) and XMP
// (dc:title "Tower", exif:GPSLatitude) written by exiftool 12.57. exiftool judges the same outputs in the e2e.
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, 'fixtures', name)));

/** The bytes of every item that is not metadata (the coded image, its tiles, alpha, thumbnails). */
function imageItems(bytes: Uint8Array): Uint8Array[] {
  const heif = parse(bytes);
  const meta = new Set(heif.items.map((i) => i.id));
  return [...heif.locations.values()].filter((l) => !meta.has(l.id)).flatMap((l) => l.extents.map((e) => bytes.slice(e.at, e.at + e.length)));
}

describe.each(['gps.heic', 'gps.avif'])('%s', (name) => {
  const input = fixture(name);
  const before = readBlocks(input);

  it('reads EXIF with GPS and XMP with GPS', () => {
    expect(before.exif && tiffHasGps(before.exif)).toBe(true);
    expect(latin1(before.exif!)).toContain('LocalkitCam');
    expect(before.xmp.some((x) => xmpHasGps(latin1(x)))).toBe(true);
  });

  it('"remove location" drops only GPS, in place: same length, image items unchanged', () => {
    const out = stripMetadata(input, { mode: 'location', keepIcc: false });
    expect(out.removed).toEqual(['gps']);
    expect(out.bytes.length).toBe(input.length);
    const after = readBlocks(out.bytes);
    expect(tiffHasGps(after.exif!)).toBe(false);
    expect(latin1(after.exif!)).toContain('LocalkitCam');
    expect(after.xmp.some((x) => xmpHasGps(latin1(x)))).toBe(false);
    expect(latin1(after.xmp[0])).toContain('Tower');
    expect(imageItems(out.bytes)).toEqual(imageItems(input));
  });

  it('"remove all" takes the items out, zeroes their bytes, and keeps every offset (a free box after meta)', () => {
    const out = stripMetadata(input, { mode: 'all', keepIcc: false });
    expect(out.removed.sort()).toEqual(['exif', 'xmp']);
    expect(out.bytes.length).toBe(input.length);
    const after = readBlocks(out.bytes);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toEqual([]);
    expect(latin1(out.bytes)).not.toContain('LocalkitCam');
    expect(latin1(out.bytes)).not.toContain('Tower');
    expect(imageItems(out.bytes)).toEqual(imageItems(input));
    expect(stripMetadata(out.bytes, { mode: 'all', keepIcc: false }).bytes).toEqual(out.bytes);
  });
});

it('a HEIC with a colour profile: read, and kept by "remove all" with a note (it is part of the image)', () => {
  const input = new Uint8Array(readFileSync(path.resolve(__dirname, '../../../engines/codecs/fixtures/coffee-a98.heic')));
  expect(readBlocks(input).icc?.length).toBeGreaterThan(100);
  const out = stripMetadata(input, { mode: 'all', keepIcc: false });
  expect(out.keptIcc).toBe(true);
  expect(readBlocks(out.bytes).icc).toEqual(readBlocks(input).icc);
});
