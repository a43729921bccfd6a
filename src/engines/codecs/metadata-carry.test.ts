// Kept metadata in re-encoded outputs, judged by exiftool: EXIF and XMP into JPEG (APP1), PNG (eXIf, iTXt) and
// WebP (VP8X + EXIF/XMP), JPEG XL (container boxes), AVIF (items); made upright; GIF says it dropped them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeOutput } from './decode';
import { loadCodecWasmInNode } from './node-wasm.testing';
import { processImage } from './pipeline';
import type { CodecJob, CodecOutcome } from './types';

const metadataFixture = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, '../../tools/image/image-metadata/fixtures', name)));
const dir = mkdtempSync(path.join(tmpdir(), 'metadata-carry-'));

/** exiftool's tags, group:name → value (numbers as numbers: -n). */
function exiftool(bytes: Uint8Array, ext: string): Record<string, unknown> {
  const at = path.join(dir, `out-${Math.random().toString(36).slice(2)}.${ext}`);
  writeFileSync(at, bytes);
  return JSON.parse(execFileSync('exiftool', ['-j', '-G1', '-n', at], { encoding: 'utf8' }))[0];
}

function ok(o: CodecOutcome): Extract<CodecOutcome, { ok: true }> {
  if (!o.ok) throw new Error(`expected success, got ${o.key} ${o.detail ?? ''}`);
  return o;
}

beforeAll(loadCodecWasmInNode);

describe('kept metadata in re-encoded outputs', () => {
  // gps.jpg: 160×107 stored, Orientation 6 (upright 107×160), EXIF with GPS, XMP dc:creator Ada.
  const job = (output: CodecJob['output']): CodecJob => ({ output, quality: 80, keepMetadata: true, crop: { x: 3, y: 5, width: 90, height: 120 } });

  for (const [output, ext] of [['jpeg', 'jpg'], ['png', 'png'], ['webp', 'webp']] as const) {
    it(`JPEG to ${output}: exiftool reads the camera, GPS and XMP, Orientation 1 and the new size (JPEG: the lossless crop keeps its segments)`, async () => {
      const out = ok(await processImage(metadataFixture('gps.jpg'), job(output)));
      expect(out.metadataDropped).toBeUndefined();
      const tags = exiftool(out.bytes, ext);
      expect(tags['IFD0:Make']).toBe('LocalkitCam');
      expect(tags['IFD0:Orientation']).toBe(1);
      expect(tags['GPS:GPSLatitude']).toBeCloseTo(48.8583, 3);
      expect(tags['XMP-dc:Creator']).toBe('Ada');
      expect(tags['ExifIFD:DateTimeOriginal']).toBe('2026:11:28 09:00:00');
      if (output !== 'png') expect([tags['File:ImageWidth'] ?? tags['RIFF:ImageWidth'], tags['File:ImageHeight'] ?? tags['RIFF:ImageHeight']]).toEqual([out.width, out.height]);
      expect(JSON.stringify(tags)).not.toMatch(/Warning|Error/);
    });
  }

  it('WebP in, JPEG out, and a re-encoded JPEG: their EXIF and XMP come along; nothing when metadata is not kept', async () => {
    const fromWebp = exiftool(ok(await processImage(metadataFixture('gps.webp'), job('jpeg'))).bytes, 'jpg');
    expect(fromWebp['IFD0:Make']).toBe('LocalkitCam');
    expect(fromWebp['XMP-dc:Creator']).toBe('Ada');
    // A JPEG re-encoded (a turn by 30°, no lossless path): its XMP as an APP1 XMP segment, beside the EXIF.
    const turned = exiftool(ok(await processImage(metadataFixture('gps.jpg'), { output: 'jpeg', quality: 80, keepMetadata: true, transform: { angle: 30, flipH: false, flipV: false } })).bytes, 'jpg');
    expect(turned['XMP-dc:Creator']).toBe('Ada');
    expect(turned['XMP-dc:Title']).toBe('Eiffel');
    expect(turned['IFD0:Orientation']).toBe(1);
    const stripped = exiftool(ok(await processImage(metadataFixture('gps.webp'), { ...job('jpeg'), keepMetadata: false })).bytes, 'jpg');
    expect(Object.keys(stripped).filter((k) => /^(IFD0|GPS|XMP|ExifIFD)/.test(k))).toEqual([]);
  });

  it('HEIC and AVIF in: their XMP item comes along with the EXIF (exiftool reads both)', async () => {
    for (const [name, output, ext] of [['gps.heic', 'jpeg', 'jpg'], ['gps.avif', 'webp', 'webp'], ['gps.heic', 'png', 'png']] as const) {
      const tags = exiftool(ok(await processImage(metadataFixture(name), job(output))).bytes, ext);
      expect(tags['XMP-dc:Title'], `${name} → ${output}`).toBe('Tower');
      expect(tags['IFD0:Make'], `${name} → ${output}`).toBe('LocalkitCam');
      expect(JSON.stringify(tags)).not.toMatch(/Warning|Error/);
    }
  });

  it("a JPEG's IPTC goes into re-encoded JPEG and PNG outputs (exiftool reads keywords and city)", async () => {
    const turn: CodecJob = { output: 'jpeg', quality: 80, keepMetadata: true, transform: { angle: 30, flipH: false, flipV: false } };
    for (const [output, ext] of [['jpeg', 'jpg'], ['png', 'png']] as const) {
      const tags = exiftool(ok(await processImage(metadataFixture('gps.jpg'), { ...turn, output })).bytes, ext);
      expect([tags['IPTC:Keywords'], tags['IPTC:City']], output).toEqual(['tower', 'Paris']);
      expect(JSON.stringify(tags)).not.toMatch(/Warning|Error/);
    }
    const stripped = exiftool(ok(await processImage(metadataFixture('gps.jpg'), { ...turn, keepMetadata: false })).bytes, 'jpg');
    expect(Object.keys(stripped).filter((k) => k.startsWith('IPTC'))).toEqual([]);
  });

  it('JPEG XL out: a container with Exif and xml boxes that exiftool reads and libjxl still decodes', async () => {
    const out = ok(await processImage(metadataFixture('gps.jpg'), job('jxl')));
    expect(out.metadataDropped).toBeUndefined();
    expect(Array.from(out.bytes.subarray(0, 12))).toEqual([0, 0, 0, 12, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a]);
    const tags = exiftool(out.bytes, 'jxl');
    expect(tags['IFD0:Make']).toBe('LocalkitCam');
    expect(tags['IFD0:Orientation']).toBe(1);
    expect(tags['GPS:GPSLatitude']).toBeCloseTo(48.8583, 3);
    expect(tags['XMP-dc:Creator']).toBe('Ada');
    expect(JSON.stringify(tags)).not.toMatch(/Warning|Error/);
    const pixels = await decodeOutput(out.bytes, 'jxl');
    expect([pixels.width, pixels.height]).toEqual([out.width, out.height]);
    const bare = ok(await processImage(metadataFixture('gps.jpg'), { ...job('jxl'), keepMetadata: false }));
    expect(Array.from(bare.bytes.subarray(0, 2))).toEqual([0xff, 0x0a]);
  });

  it('AVIF out: Exif and XMP items linked to the picture that exiftool reads and libavif still decodes', async () => {
    const out = ok(await processImage(metadataFixture('gps.jpg'), { ...job('avif'), avifSpeed: 10 }));
    expect(out.metadataDropped).toBeUndefined();
    const tags = exiftool(out.bytes, 'avif');
    expect(tags['IFD0:Make']).toBe('LocalkitCam');
    expect(tags['IFD0:Orientation']).toBe(1);
    expect(tags['GPS:GPSLatitude']).toBeCloseTo(48.8583, 3);
    expect(tags['XMP-dc:Creator']).toBe('Ada');
    expect(JSON.stringify(tags)).not.toMatch(/Warning|Error/);
    const pixels = await decodeOutput(out.bytes, 'avif');
    expect([pixels.width, pixels.height]).toEqual([out.width, out.height]);
    expect(ok(await processImage(metadataFixture('gps.jpg'), { ...job('avif'), avifSpeed: 10, keepMetadata: false })).metadataDropped).toBeUndefined();
  });

  it('GIF out cannot carry them: the outcome says so (the row shows it)', async () => {
    expect(ok(await processImage(metadataFixture('gps.jpg'), job('gif'))).metadataDropped).toBe(true);
  });
});
