// An edited lossy picture judged against ImageMagick's own edit of the decoded source, by PSNR: close to it, and far
// closer than to the same reference moved by one pixel (a half-pixel shift, a lost or doubled column would show).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

/** ImageMagick's PSNR (dB) of two pictures, or of one region of them (`-extract` geometry). */
export function psnr(a: string, b: string, region?: string): number {
  const out = spawnSync('compare', ['-metric', 'PSNR', ...(region ? ['-extract', region] : []), a, b, 'null:'], { encoding: 'utf8' }).stderr.trim();
  return out === 'inf' ? Infinity : Number.parseFloat(out);
}

/** `result` (any format ImageMagick reads) is `source` after `convert <source> ...magick`: same size, PSNR over
 * `minDb`, each edge line over `minDb - 4`, and at least `margin` dB closer than the reference rolled one pixel any way
 * (15 suits a detailed picture; a smooth one moved by a pixel is closer to itself). */
export function expectEditedLike(result: string, source: string, magick: string[], { minDb = 40, margin = 15 } = {}): { psnr: number; rolled: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'turn-judge-'));
  const got = path.join(dir, 'got.png');
  const ref = path.join(dir, 'ref.png');
  execFileSync('convert', [result, got]);
  execFileSync('convert', [source, ...magick, '+repage', ref]);
  const size = (at: string) => execFileSync('identify', ['-format', '%w %h', at], { encoding: 'utf8' });
  expect(size(got)).toBe(size(ref));
  const [w, h] = size(ref).split(' ').map(Number);
  const whole = psnr(got, ref);
  expect(whole).toBeGreaterThan(minDb);
  for (const strip of [`1x${h}+0+0`, `1x${h}+${w - 1}+0`, `${w}x1+0+0`, `${w}x1+0+${h - 1}`]) expect(psnr(got, ref, strip), strip).toBeGreaterThan(minDb - 4);
  let rolled = 0;
  for (const roll of ['+1+0', '-1+0', '+0+1', '+0-1']) {
    const moved = path.join(dir, `roll${roll}.png`);
    execFileSync('convert', [ref, '-roll', roll, moved]);
    rolled = Math.max(rolled, psnr(got, moved));
  }
  expect(rolled).toBeLessThan(whole - margin);
  return { psnr: whole, rolled };
}
