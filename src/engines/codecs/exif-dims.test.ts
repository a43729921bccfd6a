// After a crop or a turn with metadata kept, EXIF's PixelXDimension/PixelYDimension say the new size (exiftool reads them).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCodecWasmInNode } from './node-wasm.testing';
import { processImage } from './pipeline';

const input = new Uint8Array(readFileSync(new URL('./fixtures/exif-dims.jpg', import.meta.url)));
const dir = mkdtempSync(path.join(tmpdir(), 'exif-dims-'));
/** exiftool's reading of the written file: Exif image width, height, orientation. */
function exiftool(bytes: Uint8Array, name: string): string {
  const at = path.join(dir, name);
  writeFileSync(at, bytes);
  return execFileSync('exiftool', ['-s3', '-n', '-ExifImageWidth', '-ExifImageHeight', '-Orientation', '-Make', at], { encoding: 'utf8' }).trim().split('\n').join(' ');
}

describe('EXIF pixel dimensions after an edit', () => {
  beforeAll(loadCodecWasmInNode);
  it('the input says 200×120 stored, turned by its orientation tag (6)', () => {
    expect(exiftool(input, 'in.jpg')).toBe('200 120 6 LocalkitCam');
  });
  it('a lossless crop writes the cut size, orientation reset', async () => {
    const out = await processImage(input, { output: 'keep', quality: 85, keepMetadata: true, crop: { x: 16, y: 16, width: 64, height: 96 } });
    expect(out.ok && out.lossless).toBe(true);
    if (!out.ok) return;
    expect(exiftool(out.bytes, 'crop.jpg')).toBe(`${out.width} ${out.height} 1 LocalkitCam`);
    expect([out.width, out.height]).toEqual([64, 96]);
  });
  it('a re-encoded crop and a turn write theirs too', async () => {
    const out = await processImage(input, { output: 'jpeg', quality: 80, keepMetadata: true, lossless: false, crop: { x: 5, y: 7, width: 50, height: 70 } });
    expect(out.ok && exiftool(out.bytes, 'reenc.jpg')).toBe('50 70 1 LocalkitCam');
    const turned = await processImage(input, { output: 'keep', quality: 85, keepMetadata: true, transform: { angle: 90, flipH: false, flipV: false } });
    expect(turned.ok && exiftool(turned.bytes, 'turn.jpg')).toBe(turned.ok ? `${turned.width} ${turned.height} 1 LocalkitCam` : '');
    expect(turned.ok && turned.width > turned.height).toBe(true);
  });
  it("an AVIF's EXIF (an item of its meta box) is carried into the JPEG a crop writes, location included, only when asked", async () => {
    const avif = new Uint8Array(readFileSync(new URL('../../tools/image/image-metadata/fixtures/gps.avif', import.meta.url)));
    const out = await processImage(avif, { output: 'jpeg', quality: 85, keepMetadata: true, crop: { x: 0, y: 0, width: 40, height: 30 } });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(exiftool(out.bytes, 'avif.jpg')).toBe('LocalkitCam'); // the fixture's EXIF (exiftool's) has no size or orientation tags
    expect(execFileSync('exiftool', ['-s3', '-n', '-GPSLatitude', path.join(dir, 'avif.jpg')], { encoding: 'utf8' }).trim()).toBe('48.8584');
    const bare = await processImage(avif, { output: 'jpeg', quality: 85, keepMetadata: false, crop: { x: 0, y: 0, width: 40, height: 30 } });
    expect(bare.ok && exiftool(bare.bytes, 'bare.jpg')).toBe('');
  });
});
