// Issue 12's findings, each on the real UI: a PDF of an SVG without viewBox, draw.io labels (HTML in
// <foreignObject> with a <text> fallback) in PNG, JPG and PDF, and EPS colours, exponent numbers and CJK text.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { decodeImage, download, meanDiff, renderSvgInPage, row, rows, svgFile, svgFixture, type Pixels } from './svg-tools-helpers';

const HAS_GS = existsSync('/usr/bin/gs');
const HAS_POPPLER = existsSync('/usr/bin/pdftotext');
const tmp = mkdtempSync(path.join(tmpdir(), 'svg-findings-'));

/** Ghostscript's rendering of a PDF/EPS at 96 dpi (CSS px), as PNG bytes. */
function gsRender(bytes: Buffer, ext: 'pdf' | 'eps'): Buffer {
  const input = path.join(tmp, `in.${ext}`);
  const output = path.join(tmp, 'out.png');
  writeFileSync(input, bytes);
  execFileSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=png16m', '-r96', '-dTextAlphaBits=4', '-dGraphicsAlphaBits=4', ...(ext === 'eps' ? ['-dEPSCrop'] : []), `-sOutputFile=${output}`, input]);
  return readFileSync(output);
}

function pdfText(bytes: Buffer): string {
  const file = path.join(tmp, 'text.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const at = (p: Pixels, x: number, y: number) => p.data.slice((y * p.width + x) * 4, (y * p.width + x) * 4 + 4);
/** Pixels with luma under 100 inside a rectangle (over white where transparent). */
function darkIn(p: Pixels, x0: number, y0: number, x1: number, y1: number): number {
  let count = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const [r, g, b, a] = at(p, x, y);
      const luma = ((0.299 * r + 0.587 * g + 0.114 * b) * a) / 255 + (255 - a);
      if (luma < 100) count++;
    }
  return count;
}

describe('SVG converters: issue 12 findings', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it.runIf(HAS_GS)('PDF of an SVG with width and height but no viewBox: drawn at 100 %, the corner square and the text on the page', async () => {
    const { page } = app;
    await page.goto('/svg/svg-to-pdf');
    await page.getByTestId('file-input').setInputFiles([svgFile('no-viewbox.svg')]);
    await expect.poll(() => rows(page, 'done').count(), { timeout: 30_000 }).toBe(1);
    const pdf = await download(page, () => row(page, 'no-viewbox.svg').getByTestId('download').click());
    const rendered = await decodeImage(page, gsRender(pdf.bytes, 'pdf'), 'image/png');
    expect([rendered.width, rendered.height]).toEqual([200, 100]);
    // The blue square fills the bottom-right corner (it was cropped away at 133 %).
    const corner = at(rendered, 190, 90);
    expect(corner[2]).toBeGreaterThan(150);
    expect(corner[0]).toBeLessThan(80);
    const ref = await renderSvgInPage(page, svgFixture('no-viewbox.svg').toString('utf8'), 200, 100, '#ffffff');
    expect(meanDiff(rendered, ref)).toBeLessThan(6);
    if (HAS_POPPLER) expect(pdfText(pdf.bytes)).toContain('Right edge');
  });

  it('draw.io labels (HTML in <foreignObject>, <text> fallback) come out in PNG and JPG instead of an error', async () => {
    const { page } = app;
    for (const format of ['png', 'jpg'] as const) {
      await page.goto(`/svg/svg-to-${format}`);
      await page.getByTestId('scale-1').check();
      await page.getByTestId('file-input').setInputFiles([svgFile('drawio-labels.svg')]);
      await expect.poll(async () => [await rows(page, 'done').count(), await rows(page, 'error').count()], { timeout: 30_000 }).toEqual([1, 0]);
      const out = await download(page, () => row(page, 'drawio-labels.svg').getByTestId('download').click());
      const image = await decodeImage(page, out.bytes, format === 'png' ? 'image/png' : 'image/jpeg');
      expect([image.width, image.height]).toEqual([241, 81]);
      // "Start" is drawn inside the rounded box (2..118 × 2..58), and draw.io's "Text is not SVG" notice is not.
      expect(darkIn(image, 30, 20, 90, 40), format).toBeGreaterThan(40);
      expect(darkIn(image, 0, 62, 241, 81), format).toBe(0);
    }
  });

  it.runIf(HAS_GS)('draw.io labels are in the PDF as text', async () => {
    const { page } = app;
    await page.goto('/svg/svg-to-pdf');
    await page.getByTestId('file-input').setInputFiles([svgFile('drawio-labels.svg')]);
    await expect.poll(() => rows(page, 'done').count(), { timeout: 30_000 }).toBe(1);
    const pdf = await download(page, () => row(page, 'drawio-labels.svg').getByTestId('download').click());
    const rendered = await decodeImage(page, gsRender(pdf.bytes, 'pdf'), 'image/png');
    expect(darkIn(rendered, 30, 20, 90, 40)).toBeGreaterThan(20);
    expect(darkIn(rendered, 0, 62, 241, 81)).toBe(0);
    if (HAS_POPPLER) {
      const text = pdfText(pdf.bytes);
      expect(text).toContain('Start');
      expect(text).not.toContain('Text is not SVG');
    }
  });

  it.runIf(HAS_GS)('EPS: named, hsl(), percentage and currentColor colours, exponent path numbers, CJK text as an image in place', async () => {
    const { page } = app;
    await page.goto('/svg/svg-to-eps');
    await page.getByTestId('file-input').setInputFiles([svgFile('eps-colours.svg'), svgFile('drawio-labels.svg')]);
    await expect.poll(() => rows(page, 'done').count(), { timeout: 30_000 }).toBe(2);
    const eps = await download(page, () => row(page, 'eps-colours.svg').getByTestId('download').click());
    const text = eps.bytes.toString('latin1');
    expect(text).not.toMatch(/\(\?+\)/);
    expect(text.match(/ image\n/g)).toHaveLength(2);
    const rendered = await decodeImage(page, gsRender(eps.bytes, 'eps'), 'image/png');
    const ref = await renderSvgInPage(page, svgFixture('eps-colours.svg').toString('utf8'), rendered.width, rendered.height, '#ffffff');
    const diff = meanDiff(rendered, ref);
    console.log(`EPS colours/CJK in Ghostscript vs browser: mean diff ${diff.toFixed(2)}`);
    expect(diff).toBeLessThan(4);
    const near = (p: Pixels, x: number, y: number, rgb: number[]) => expect(Math.max(...rgb.map((v, i) => Math.abs(at(p, x, y)[i] - v))), `${x},${y}`).toBeLessThan(12);
    near(rendered, 30, 30, [255, 140, 0]);
    near(rendered, 80, 30, [173, 216, 230]);
    near(rendered, 130, 30, [0, 128, 0]);
    near(rendered, 180, 30, [255, 0, 128]);
    near(rendered, 220, 30, [124, 58, 237]);
    near(rendered, 120, 62, [17, 24, 39]); // the path written with exponents
    // The Chinese and Japanese text: ink where the browser draws it.
    expect(darkIn(rendered, 10, 78, 110, 106)).toBeGreaterThan(80);

    const drawio = await download(page, () => row(page, 'drawio-labels.svg').getByTestId('download').click());
    const labels = await decodeImage(page, gsRender(drawio.bytes, 'eps'), 'image/png');
    expect(darkIn(labels, 30, 20, 90, 40)).toBeGreaterThan(40);
    expect(darkIn(labels, 0, 62, 241, 81)).toBe(0);
  });

  it('sent nothing to another origin and raised no error', () => {
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
