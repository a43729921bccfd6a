// An edited lossy WebP saved again: its chroma restored keeps it closer to the input than a plain re-encode.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from './decode';
import { encodeImage } from './encode';
import { loadCodecWasmInNode } from './node-wasm.testing';
import { processImage } from './pipeline';
import { ssimulacra2 } from './ssimulacra2';
import { restoreWebpChroma, WEBP_RESAVE_QUALITY } from './webp-resave';

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, 'fixtures', name)));
const decodeWebp = (b: Uint8Array) => decodeImage(b, 'webp', 'image/webp');
const luma = (d: Uint8ClampedArray, i: number) => 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];

/** Mean absolute difference of JFIF chroma (Cb, Cr) per pixel. */
function chromaError(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 4) {
    const [dr, dg, db] = [a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]];
    sum += Math.abs(-0.168736 * dr - 0.331264 * dg + 0.5 * db) + Math.abs(0.5 * dr - 0.418688 * dg - 0.081312 * db);
  }
  return sum / (a.length / 4);
}

beforeAll(loadCodecWasmInNode);

describe('restoreWebpChroma', () => {
  it('leaves each pixel’s luma where it was (within rounding, where no channel clips)', async () => {
    const input = await decodeWebp(fixture('coffee-q70.webp'));
    const out = restoreWebpChroma(input);
    let moved = 0;
    let counted = 0;
    for (let i = 0; i < out.data.length; i += 4) {
      if ([0, 1, 2].some((c) => out.data[i + c] === 0 || out.data[i + c] === 255)) continue;
      counted++;
      if (Math.abs(luma(out.data, i) - luma(input.data, i)) > 1) moved++;
    }
    expect(counted).toBeGreaterThan((out.data.length / 4) * 0.9);
    expect(moved).toBe(0);
    expect(out.data).not.toEqual(input.data);
  });

  it('saved again at the same quality, the colours stay closer to the input’s than a plain re-encode’s (and SSIMULACRA 2 no lower on the photo)', async () => {
    for (const name of ['coffee-q70.webp', 'rocket.webp']) {
      const input = await decodeWebp(fixture(name));
      const again = async (p: typeof input) => decodeWebp(await encodeImage(p, 'webp', { quality: WEBP_RESAVE_QUALITY, webpDefaults: true }));
      const plain = await again(input);
      const restored = await again(restoreWebpChroma(input));
      expect(chromaError(restored.data, input.data), name).toBeLessThan(0.9 * chromaError(plain.data, input.data));
      if (name === 'coffee-q70.webp') expect(ssimulacra2(input, restored)).toBeGreaterThan(ssimulacra2(input, plain));
    }
  });
});

describe('an edited lossy WebP', () => {
  it('is saved again at the resave quality with its own estimate under it, a lossless one stays lossless', async () => {
    const lossy = fixture('coffee-q70.webp');
    const { width, height } = await decodeWebp(lossy);
    const out = await processImage(lossy, { output: 'keep', quality: 85, matchQuality: true, crop: { x: 0, y: 0, width, height } });
    expect(out.ok && out.quality).toBe(WEBP_RESAVE_QUALITY);
    const turned = await processImage(lossy, { output: 'keep', quality: 85, matchQuality: true, transform: { angle: 90, flipH: false, flipV: false } });
    expect(turned.ok && [turned.width, turned.height]).toEqual([height, width]);
    const lossless = await processImage(fixture('small-lossless.webp'), { output: 'keep', quality: 85, matchQuality: true, transform: { angle: 180, flipH: false, flipV: false } });
    expect(lossless.ok && lossless.quality).toBeUndefined();
  });

  it('is cut from an even pixel (its 2×2 colour grid), the box grown to keep its far edges; a PNG output is cut where asked', async () => {
    const lossy = fixture('coffee-q70.webp');
    const odd = await processImage(lossy, { output: 'keep', quality: 85, matchQuality: true, crop: { x: 13, y: 7, width: 100, height: 80 } });
    expect(odd.ok && [odd.cropped, odd.webpGrid, odd.width, odd.height]).toEqual([{ x: 12, y: 6, width: 101, height: 81 }, true, 101, 81]);
    const even = await processImage(lossy, { output: 'keep', quality: 85, matchQuality: true, crop: { x: 14, y: 8, width: 100, height: 80 } });
    expect(even.ok && [even.cropped, even.webpGrid]).toEqual([{ x: 14, y: 8, width: 100, height: 80 }, undefined]);
    const png = await processImage(lossy, { output: 'png', quality: 85, crop: { x: 13, y: 7, width: 100, height: 80 } });
    expect(png.ok && [png.cropped, png.webpGrid]).toEqual([{ x: 13, y: 7, width: 100, height: 80 }, undefined]);
  });
});

describe('an odd-size lossy WebP turned or flipped (judged by ImageMagick against its own turn of the decoded file)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'webp-odd-'));
  const source = path.join(__dirname, 'fixtures', 'coffee-odd.webp');
  /** ImageMagick's PSNR (dB) of two pictures, optionally of one region (`-extract` geometry) only. */
  const psnr = (a: string, b: string, region?: string): number => {
    const args = ['-metric', 'PSNR', ...(region ? ['-extract', region] : []), a, b, 'null:'];
    const result = spawnSync('compare', args, { encoding: 'utf8' });
    return result.stderr.trim() === 'inf' ? Infinity : Number.parseFloat(result.stderr);
  };
  const cases = [
    { name: '90', transform: { angle: 90, flipH: false, flipV: false }, magick: ['-rotate', '90'] },
    { name: '180', transform: { angle: 180, flipH: false, flipV: false }, magick: ['-rotate', '180'] },
    { name: '270', transform: { angle: 270, flipH: false, flipV: false }, magick: ['-rotate', '270'] },
    { name: 'flip-h', transform: { angle: 0, flipH: true, flipV: false }, magick: ['-flop'] },
    { name: 'flip-v', transform: { angle: 0, flipH: false, flipV: true }, magick: ['-flip'] },
  ];
  it.each(cases)('$name: every pixel where ImageMagick puts it (no half-pixel shift, no column lost or doubled)', async ({ name, transform, magick }) => {
    const input = new Uint8Array(readFileSync(source));
    const out = await processImage(input, { output: 'keep', quality: 85, matchQuality: true, transform });
    if (!out.ok) throw new Error('not turned');
    const turned = transform.angle % 180 === 90;
    expect([out.format, out.width, out.height]).toEqual(['webp', turned ? 149 : 223, turned ? 223 : 149]);
    const got = path.join(dir, `${name}.png`);
    writeFileSync(path.join(dir, `${name}.webp`), out.bytes);
    execFileSync('convert', [path.join(dir, `${name}.webp`), got]);
    const ref = path.join(dir, `${name}-ref.png`);
    execFileSync('convert', [source, ...magick, '+repage', ref]);
    expect(execFileSync('identify', ['-format', '%w %h', got], { encoding: 'utf8' })).toBe(execFileSync('identify', ['-format', '%w %h', ref], { encoding: 'utf8' }));
    const whole = psnr(got, ref);
    expect(whole).toBeGreaterThan(40);
    // The same picture moved by one pixel either way is ~20 dB further: a shift would show.
    for (const roll of ['+1+0', '-1+0', '+0+1', '+0-1']) {
      const moved = path.join(dir, `${name}-roll${roll}.png`);
      execFileSync('convert', [ref, '-roll', roll, moved]);
      expect(psnr(got, moved), roll).toBeLessThan(whole - 15);
    }
    // The first and last column and row each match theirs (a lost or doubled edge line would not).
    const [w, h] = [out.width, out.height];
    for (const strip of [`1x${h}+0+0`, `1x${h}+${w - 1}+0`, `${w}x1+0+0`, `${w}x1+0+${h - 1}`]) expect(psnr(got, ref, strip), strip).toBeGreaterThan(36);
  });
});
