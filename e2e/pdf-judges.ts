import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { scratch } from '../src/engines/pdf/fixtures.testing';
import { SCAN_SOURCES } from '../src/engines/pdf/scanned.testing';

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });

/**
 * A text manual compressed by the PDF worker's Type 1 → CFF path, judged by Poppler and qpdf: clean, smaller than
 * its source, every embedded font now Type 1C (none left as Type 1), and its text (pdftotext -layout) unchanged.
 */
export function expectCompressedManual(file: string, source: string): void {
  expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors');
  expect(statSync(file).size).toBeLessThan(statSync(source).size);
  const fonts = run('pdffonts', [file]);
  expect(fonts).toMatch(/Type 1C/);
  expect(fonts).not.toMatch(/Type 1\s+(Custom|Builtin)/);
  const text = (f: string) => run('pdftotext', ['-layout', f, '-']);
  expect(text(file)).toBe(text(source));
}

/**
 * The pictures of the images → PDF smokes, made once per run: a Debian picture nobody here wrote, as a small JPEG
 * (ImageMagick, q85) and a small opaque PNG.
 */
export function smallPictures(): { jpg: string; png: string } {
  const dir = scratch();
  const jpg = path.join(dir, 'picture.jpg');
  const png = path.join(dir, 'picture.png');
  if (!existsSync(jpg)) {
    const source = SCAN_SOURCES.find(existsSync);
    if (!source) throw new Error('no Debian picture found for the images → PDF smoke');
    const flat = [source, '-background', 'white', '-flatten', '-alpha', 'off'];
    execFileSync('convert', [...flat, '-resize', '320x240', '-quality', '85', jpg]);
    execFileSync('convert', [...flat, '-resize', '120x160', png]);
  }
  return { jpg, png };
}

/** images → PDF of [jpg, png]: qpdf clean, two pages, the JPEG on page 1 byte for byte (pdfimages -all), the PNG after it. */
export function expectImagesPdf(file: string, jpg: string): void {
  expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors');
  expect(run('pdfinfo', [file])).toMatch(/^Pages:\s+2$/m);
  const dir = mkdtempSync(path.join(scratch(), 'images-'));
  execFileSync('pdfimages', ['-all', file, path.join(dir, 'img')]);
  expect(readdirSync(dir).sort()).toEqual(['img-000.jpg', 'img-001.png']);
  expect(readFileSync(path.join(dir, 'img-000.jpg')).equals(readFileSync(jpg))).toBe(true);
}

/**
 * PDF → images: a PNG of one page of `pdf` at `dpi`, the size pdftoppm draws and close to its picture. At a fifth of
 * the size the two renderers' text anti-aliasing evens out (same page ~0.02 RMSE, a blank page 0.10).
 */
export function expectPageImage(png: string, pdf: string, page: number, dpi: number): void {
  const theirs = path.join(mkdtempSync(path.join(scratch(), 'poppler-')), 'page');
  execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-png', '-singlefile', pdf, theirs]);
  const identify = (f: string) => run('identify', ['-format', '%m %w %h', f]);
  expect(identify(png)).toBe(identify(`${theirs}.png`));
  for (const f of [png, `${theirs}.png`]) execFileSync('convert', [f, '-resize', '20%', `${f}-small.png`]);
  const result = spawnSync('compare', ['-metric', 'RMSE', `${png}-small.png`, `${theirs}.png-small.png`, 'null:'], { encoding: 'utf8' });
  expect(Number(/\(([\d.]+)\)/.exec(result.stderr)?.[1])).toBeLessThan(0.04);
}
