// How the default MozJPEG variant quantises, judged by libjpeg-turbo's own cjpeg and djpeg: below quality 65 it rounds
// as libjpeg does (table 4, no trellis), so cjpeg given the file's own tables makes the same pixels; from 65 up
// MozJPEG's trellis quantisation picks other coefficients than rounding would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeImage, mozjpegOptions } from './encode';
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
});
