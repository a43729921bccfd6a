// How the default MozJPEG variant quantises, judged by libjpeg-turbo's own cjpeg and djpeg: below quality 65 it rounds
// as libjpeg does (table 4, no trellis), so cjpeg given the file's own tables makes the same pixels; from 65 up
// MozJPEG's trellis quantisation picks other coefficients than rounding would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeImage, hasWideQuantTables, mozjpegOptions } from './encode';
import { jpegEncoder } from './loaders';
import { readCoefficients } from './jpeg-dct/parse';
import { loadCodecWasmInNode } from './node-wasm.testing';
import type { Pixels } from './pixels';

beforeAll(loadCodecWasmInNode);

const dir = mkdtempSync(path.join(tmpdir(), 'jpeg-quant-'));
const ppm = path.join(dir, 'cat.ppm');
writeFileSync(ppm, execFileSync('djpeg', ['-ppm', path.resolve(__dirname, 'fixtures/cat.jpg')]));

/** A binary PPM (P6, maxval 255) as RGBA pixels. */
function readPpm(file: string): Pixels {
  const bytes = readFileSync(file);
  const [, width, height] = bytes.subarray(0, 20).toString('latin1').match(/^P6\s+(\d+)\s+(\d+)\s+255\s/)!.map(Number);
  const start = bytes.length - width * height * 3;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data.set(bytes.subarray(start + i * 3, start + i * 3 + 3), i * 4);
    data[i * 4 + 3] = 255;
  }
  return { data, width, height };
}

/** cjpeg with `jpeg`'s own quantisation tables (natural order, as cjpeg reads them) and chroma sampling, decoded by
 * djpeg beside `jpeg` decoded. */
function againstCjpeg(jpeg: Uint8Array): { ours: Buffer; cjpeg: Buffer } {
  const image = readCoefficients(jpeg);
  const tables = image.components.map((c) => image.qt[c.tq]!);
  const text = [tables[0], tables[1]].map((t) => Array.from({ length: 8 }, (_, r) => Array.from(t.subarray(r * 8, r * 8 + 8)).join(' ')).join('\n')).join('\n\n');
  writeFileSync(path.join(dir, 'tables.txt'), text);
  writeFileSync(path.join(dir, 'ours.jpg'), jpeg);
  const sample = `${image.components[0].h}x${image.components[0].v}`;
  // Quality 50 scales the given tables by 100 %: cjpeg uses them as they are.
  writeFileSync(path.join(dir, 'cjpeg.jpg'), execFileSync('cjpeg', ['-qtables', path.join(dir, 'tables.txt'), '-qslots', '0,1,1', '-quality', '50', '-sample', sample, '-dct', 'int', ppm]));
  return { ours: execFileSync('djpeg', ['-ppm', path.join(dir, 'ours.jpg')]), cjpeg: execFileSync('djpeg', ['-ppm', path.join(dir, 'cjpeg.jpg')]) };
}

describe('default MozJPEG variant: quantisation by quality', () => {
  it('below 65 rounds as libjpeg does: the same pixels as cjpeg with the same tables', async () => {
    for (const quality of [20, 40, 60]) {
      expect(mozjpegOptions(quality)).toMatchObject({ quant_table: 4, trellis_loops: 0 });
      const jpeg = await encodeImage(readPpm(ppm), 'jpeg', { quality });
      const { ours, cjpeg } = againstCjpeg(jpeg);
      expect(ours.equals(cjpeg)).toBe(true);
    }
  });

  it('from 65 up quantises by trellis (table 2): other pixels than rounding with the same tables', async () => {
    for (const quality of [65, 80]) {
      expect(mozjpegOptions(quality)).toMatchObject({ quant_table: 2, trellis_loops: 1 });
      const { ours, cjpeg } = againstCjpeg(await encodeImage(readPpm(ppm), 'jpeg', { quality }));
      expect(ours.length).toBe(cjpeg.length);
      expect(ours.equals(cjpeg)).toBe(false);
    }
  });

  it('writes 8-bit quantisation steps at every quality, as an 8-bit JPEG must (ITU T.81 B.2.4.1), and the floor is tight', async () => {
    const pixels = readPpm(ppm);
    const encode = await jpegEncoder();
    const raw = async (table: number, quality: number) => new Uint8Array(await encode({ data: pixels.data, width: pixels.width, height: pixels.height } as ImageData, { ...mozjpegOptions(50), quant_table: table, quality, chroma_quality: quality }));
    // MozJPEG alone one quality under each floor writes 16-bit steps (the case the floor is for).
    for (const [table, luma] of [[0, 24], [2, 24], [4, 26]]) {
      expect(hasWideQuantTables(await raw(table, luma - 1)), `table ${table} at ${luma - 1}`).toBe(true);
      expect(hasWideQuantTables(await raw(table, luma)), `table ${table} at ${luma}`).toBe(false);
    }
    for (const quality of [0, 5, 10, 20, 25, 30, 65]) {
      for (const options of [{ quality }, { quality, jpegVariant: 1 }, { quality, jpegSameTables: { subsampled: true } }]) {
        const jpeg = await encodeImage(pixels, 'jpeg', options);
        expect(hasWideQuantTables(jpeg), JSON.stringify(options)).toBe(false);
        writeFileSync(path.join(dir, 'low.jpg'), jpeg);
        // libjpeg-turbo's djpeg reads it whole.
        expect(execFileSync('djpeg', ['-ppm', path.join(dir, 'low.jpg')]).length).toBeGreaterThan(pixels.width * pixels.height * 3);
      }
    }
  });
});
