// Lossless JPEG transforms against libjpeg-turbo's own jpegtran, both decoded by djpeg: the pixels must be identical.
// Fixtures are made here by cjpeg from a real photo: 4:2:0, 4:2:2 progressive, 4:4:4 with restart markers, greyscale
// progressive, and a size off the block grid.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { processImage } from '../pipeline';
import { readOrientation } from '../exif';
import { loadCodecWasmInNode } from '../node-wasm.testing';
import { readCoefficients } from './parse';
import { compose, cropCoefficients, orientationOf, transformCoefficients, type Orientation } from './transform';
import { writeCoefficients } from './write';

beforeAll(loadCodecWasmInNode);

const dir = mkdtempSync(path.join(tmpdir(), 'jpeg-dct-'));
const FIXTURES = path.resolve(__dirname, '../fixtures');
const ppm = path.join(dir, 'cat.ppm');
writeFileSync(ppm, execFileSync('djpeg', ['-ppm', path.join(FIXTURES, 'cat.jpg')]));
const odd = path.join(dir, 'odd.ppm');
execFileSync('convert', [ppm, '-crop', '301x197+3+5', '+repage', odd]);

function make(name: string, args: string[], source = ppm): string {
  const at = path.join(dir, name);
  writeFileSync(at, execFileSync('cjpeg', [...args, source]));
  return at;
}

const SOURCES = [
  make('s420.jpg', ['-quality', '85', '-sample', '2x2']),
  make('p422.jpg', ['-quality', '85', '-progressive', '-sample', '2x1']),
  make('r444.jpg', ['-quality', '90', '-restart', '1', '-sample', '1x1']),
  make('grey.jpg', ['-grayscale', '-progressive']),
  make('odd420.jpg', ['-quality', '80', '-progressive', '-sample', '2x2'], odd),
];

const decoded = (file: string) => execFileSync('djpeg', ['-ppm', file]);
function ours(bytes: Uint8Array): string {
  const at = path.join(dir, 'ours.jpg');
  writeFileSync(at, bytes);
  return at;
}
function jpegtran(args: string[], file: string): string {
  const at = path.join(dir, 'ref.jpg');
  execFileSync('jpegtran', [...args, '-outfile', at, file]);
  return at;
}

const OPS: [Orientation, string[]][] = [
  [2, ['-flip', 'horizontal']],
  [3, ['-rotate', '180']],
  [4, ['-flip', 'vertical']],
  [5, ['-transpose']],
  [6, ['-rotate', '90']],
  [7, ['-transverse']],
  [8, ['-rotate', '270']],
];

describe.each(SOURCES.map((s) => [path.basename(s), s]))('%s', (_name, file) => {
  const image = readCoefficients(new Uint8Array(readFileSync(file)));

  it('writes its coefficients back to the same pixels', () => {
    expect(decoded(ours(writeCoefficients(image))).equals(decoded(file))).toBe(true);
  });

  it.each(OPS)('orientation %i equals jpegtran %j -trim', (op, args) => {
    const out = transformCoefficients(image, op)!;
    expect(decoded(ours(writeCoefficients(out.image))).equals(decoded(jpegtran([...args, '-trim'], file)))).toBe(true);
  });

  it('crops like jpegtran -crop (the corner snapped to the MCU grid)', () => {
    const cut = cropCoefficients(image, { x: 37, y: 21, width: 101, height: 77 });
    expect(decoded(ours(writeCoefficients(cut.image))).equals(decoded(jpegtran(['-crop', '101x77+37+21'], file)))).toBe(true);
    const mcu = image.hmax * 8;
    expect(cut.box.x % mcu).toBe(0);
    expect(cut.box.x + cut.box.width).toBe(138);
  });
});

describe('orientations', () => {
  it('compose like the turns they name', () => {
    expect(compose(6, 6)).toBe(3);
    expect(compose(6, 8)).toBe(1);
    expect(compose(2, 2)).toBe(1);
    expect(compose(6, 2)).toBe(5);
    expect(orientationOf(90, false, false)).toBe(6);
    expect(orientationOf(-90, false, false)).toBe(8);
    expect(orientationOf(270, true, false)).toBe(5);
  });
  it('refuse a trim when asked to be perfect, and a size on the grid needs none', () => {
    const odd420 = readCoefficients(new Uint8Array(readFileSync(SOURCES[4])));
    expect(transformCoefficients(odd420, 6, true)).toBeNull();
    expect(transformCoefficients(odd420, 6)!.trimmed).toEqual({ width: 0, height: 197 % 16 });
    expect(transformCoefficients(odd420, 5, true)).not.toBeNull();
  });
});

describe('the codec engine', () => {
  it('turns a JPEG 90° losslessly, applying its EXIF orientation too and resetting the tag', async () => {
    const input = new Uint8Array(readFileSync(path.join(FIXTURES, 'oriented-6.jpg')));
    const out = await processImage(input, { output: 'keep', quality: 80, keepMetadata: true, transform: { angle: 90, flipH: false, flipV: false } });
    if (!out.ok) throw new Error(String(out.key));
    expect(out.lossless).toBe(true);
    expect(readOrientation(out.bytes)).toBe(1);
    // Stored turned 90° (tag 6), then 90° more: jpegtran -rotate 180 of the stored picture.
    expect(decoded(ours(out.bytes)).equals(decoded(jpegtran(['-rotate', '180', '-trim'], path.join(FIXTURES, 'oriented-6.jpg'))))).toBe(true);
  });

  it('crops a JPEG losslessly and re-encodes only when asked for another format or angle', async () => {
    const input = new Uint8Array(readFileSync(SOURCES[0]));
    const crop = await processImage(input, { output: 'keep', quality: 80, crop: { x: 40, y: 20, width: 100, height: 60 } });
    if (!crop.ok) throw new Error(String(crop.key));
    expect([crop.lossless, crop.cropped]).toEqual([true, { x: 32, y: 16, width: 108, height: 64 }]);
    expect(decoded(ours(crop.bytes)).equals(decoded(jpegtran(['-crop', '100x60+40+20'], SOURCES[0])))).toBe(true);
    const tilted = await processImage(input, { output: 'keep', quality: 80, transform: { angle: 30, flipH: false, flipV: false } });
    if (!tilted.ok) throw new Error(String(tilted.key));
    expect(tilted.lossless).toBeUndefined();
    expect([tilted.width, tilted.height]).toEqual([Math.round(320 * Math.cos(Math.PI / 6) + 213 * 0.5), Math.round(320 * 0.5 + 213 * Math.cos(Math.PI / 6))]);
  });

  it('refuses a damaged JPEG cleanly', async () => {
    const out = await processImage(new Uint8Array(readFileSync(path.join(FIXTURES, 'truncated.jpg'))), { output: 'keep', quality: 80, transform: { angle: 90, flipH: false, flipV: false } });
    expect(out).toMatchObject({ ok: false, key: 'truncated' });
  });
});
