// An edited lossy WebP saved again: near-lossless VP8L, the box cut where asked, within butteraugli 1.0 of the input.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from './decode';
import { loadCodecWasmInNode } from './node-wasm.testing';
import { processImage } from './pipeline';
import { cropPixels } from './rotate';
import { webpSource } from './source-quality';

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, 'fixtures', name)));
const decodeWebp = (b: Uint8Array) => decodeImage(b, 'webp', 'image/webp');

beforeAll(loadCodecWasmInNode);

describe('an edited lossy WebP', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'webp-resave-'));
  /** Debian's butteraugli between ImageMagick's decodings of two WebPs (`crop` cuts the first). */
  const butteraugli = (a: Uint8Array, b: Uint8Array, crop: string[] = []) => {
    const files = [a, b].map((bytes, i) => {
      writeFileSync(path.join(dir, `${i}.webp`), bytes);
      execFileSync('convert', [path.join(dir, `${i}.webp`), ...(i === 0 ? crop : []), '+repage', path.join(dir, `${i}.png`)]);
      return path.join(dir, `${i}.png`);
    });
    return Number(execFileSync('butteraugli', files, { encoding: 'utf8' }).trim());
  };

  it('is saved near-lossless (VP8L), within butteraugli 1.0 of the input; a lossless one stays lossless', async () => {
    for (const name of ['coffee-q70.webp', 'rocket.webp']) {
      const lossy = fixture(name);
      const { width, height } = await decodeWebp(lossy);
      const out = await processImage(lossy, { output: 'keep', quality: 85, matchQuality: true, crop: { x: 0, y: 0, width, height } });
      if (!out.ok) throw new Error('not saved');
      expect([out.nearLossless, out.quality, webpSource(out.bytes)], name).toEqual([true, undefined, { lossless: true }]);
      expect(butteraugli(lossy, out.bytes), name).toBeLessThan(1);
    }
    const lossless = await processImage(fixture('small-lossless.webp'), { output: 'keep', quality: 85, matchQuality: true, transform: { angle: 180, flipH: false, flipV: false } });
    expect(lossless.ok && [lossless.quality, lossless.nearLossless]).toEqual([undefined, undefined]);
  });

  it('is cut where asked, at an odd pixel too (full-resolution colour: no grid to snap to)', async () => {
    const lossy = fixture('coffee-q70.webp');
    const box = { x: 13, y: 7, width: 100, height: 80 };
    const odd = await processImage(lossy, { output: 'keep', quality: 85, matchQuality: true, crop: box });
    if (!odd.ok) throw new Error('not cut');
    expect([odd.cropped, odd.width, odd.height]).toEqual([box, 100, 80]);
    expect(butteraugli(lossy, odd.bytes, ['-crop', '100x80+13+7'])).toBeLessThan(1);
    // Near-lossless moves a busy pixel by a few levels at most, and never elsewhere than where it was.
    const want = cropPixels(await decodeWebp(lossy), box).data;
    const got = (await decodeWebp(odd.bytes)).data;
    let worst = 0;
    for (let i = 0; i < want.length; i++) worst = Math.max(worst, Math.abs(want[i] - got[i]));
    expect(worst).toBeLessThanOrEqual(4);
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
