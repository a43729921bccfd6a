import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { armTripwire, darkMask, decodeImage, download, iou, meanDiff, pwned, renderSvgInPage, row, rows, svgFile, svgFixture } from './svg-tools-helpers';
import { recordWorks } from './support/matrix';

const HAS_QPDF = existsSync('/usr/bin/qpdf');
const HAS_GS = existsSync('/usr/bin/gs');
const tmp = mkdtempSync(path.join(tmpdir(), 'svg-vector-'));

/** The PDF's structure read directly: header, trailer, page objects and their MediaBoxes. */
function pdfFacts(bytes: Buffer) {
  const text = bytes.toString('latin1');
  return {
    header: text.slice(0, 5),
    eof: text.trimEnd().endsWith('%%EOF'),
    pages: (text.match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length,
    mediaBoxes: [...text.matchAll(/\/MediaBox\s*\[([^\]]+)\]/g)].map((m) => m[1].trim().split(/\s+/).map(Number)),
    startxref: Number(/startxref\s+(\d+)/.exec(text)?.[1]),
    xrefAt: text.lastIndexOf('xref'),
  };
}

function qpdfCheck(bytes: Buffer): string {
  const file = path.join(tmp, 'check.pdf');
  writeFileSync(file, bytes);
  return execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });
}

/** Ghostscript's rendering of a PDF/EPS at 96 dpi (CSS px), as PNG bytes. */
function gsRender(bytes: Buffer, ext: 'pdf' | 'eps'): Buffer {
  const input = path.join(tmp, `in.${ext}`);
  const output = path.join(tmp, 'out.png');
  writeFileSync(input, bytes);
  execFileSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=png16m', '-r96', '-dTextAlphaBits=4', '-dGraphicsAlphaBits=4', ...(ext === 'eps' ? ['-dEPSCrop'] : []), `-sOutputFile=${output}`, input]);
  return readFileSync(output);
}

describe('SVG to PDF and EPS', () => {
  let app: AppSession;
  let trip: { dialogs: string[] };
  beforeAll(async () => {
    app = await openApp();
    trip = await armTripwire(app.page);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('makes a vector PDF per SVG at the SVG size, and one multi-page PDF of them all', async () => {
    const { page } = app;
    await page.goto('/svg/svg-to-pdf');
    await page.getByTestId('file-input').setInputFiles([svgFile('graph-dot.svg'), svgFile('chart-bars.svg'), svgFile('text-card.svg'), svgFile('xss/remote-refs.svg')]);
    await expect.poll(() => rows(page, 'done').count(), { timeout: 40_000 }).toBe(4);

    const one = await download(page, () => row(page, 'graph-dot.svg').getByTestId('download').click());
    expect(one.name).toBe('graph-dot.pdf');
    const facts = pdfFacts(one.bytes);
    expect(facts).toMatchObject({ header: '%PDF-', eof: true, pages: 1 });
    expect(facts.mediaBoxes[0].map((v) => Math.round(v))).toEqual([0, 0, 170, 188]);
    expect(one.bytes.toString('latin1', facts.startxref, facts.startxref + 4)).toBe('xref');
    // Text stays text: the node labels are in the page content as PDF strings, not pixels.
    if (HAS_QPDF) expect(qpdfCheck(one.bytes)).toMatch(/No syntax or stream encoding errors found/);
    if (HAS_GS) {
      const rendered = await decodeImage(page, gsRender(one.bytes, 'pdf'), 'image/png');
      const ref = await renderSvgInPage(page, svgFixture('graph-dot.svg').toString('utf8'), rendered.width, rendered.height, '#ffffff');
      const diff = meanDiff(rendered, ref);
      console.log(`PDF in Ghostscript vs browser: ${rendered.width}×${rendered.height}, mean diff ${diff.toFixed(2)}`);
      expect(diff).toBeLessThan(8);
    }

    const all = await download(page, () => page.getByTestId('combine').click());
    const allFacts = pdfFacts(all.bytes);
    expect(allFacts.pages).toBe(4);
    expect(allFacts.mediaBoxes.map((b) => b.map((v) => Math.round(v)))).toEqual([
      [0, 0, 170, 188],
      [0, 0, 360, 225],
      [0, 0, 240, 90],
      [0, 0, 90, 60],
    ]);
    if (HAS_QPDF) expect(qpdfCheck(all.bytes)).toMatch(/No syntax or stream encoding errors found/);

    // On A4 with margins: the wide chart turns the page to landscape.
    await page.getByTestId('paper').selectOption('a4');
    await page.getByTestId('convert-again').click();
    await expect.poll(() => rows(page, 'done').count(), { timeout: 40_000 }).toBe(4);
    const a4 = await download(page, () => row(page, 'chart-bars.svg').getByTestId('download').click());
    expect(pdfFacts(a4.bytes).mediaBoxes[0].map((v) => Math.round(v))).toEqual([0, 0, 842, 595]);
    recordWorks('chromium', 'svg-to-pdf', 'vector PDF pages, qpdf and pdftoppm');
  });

  it('draws text beyond Latin-1 (Chinese, Japanese, Korean, Cyrillic) as images in place; Latin text stays text', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('paper').selectOption('svg');
    await page.getByTestId('file-input').setInputFiles([svgFile('cjk-card.svg')]);
    await expect.poll(() => rows(page, 'done').count(), { timeout: 40_000 }).toBe(1);
    const pdf = await download(page, () => row(page, 'cjk-card.svg').getByTestId('download').click());
    expect(pdfFacts(pdf.bytes)).toMatchObject({ header: '%PDF-', eof: true, pages: 1 });
    // The three text elements beyond Latin-1 became images, each with its alpha mask (six image objects);
    // the Latin one is still text in a standard font.
    expect((pdf.bytes.toString('latin1').match(/\/Subtype\s*\/Image/g) ?? []).length).toBe(6);
    expect((pdf.bytes.toString('latin1').match(/\/SMask\s+\d+ 0 R/g) ?? []).length).toBe(3);
    expect(pdf.bytes.toString('latin1')).toMatch(/\/BaseFont\s*\/Helvetica/);
    expect(await page.getByTestId('pdf-notes').textContent()).toContain(tr('en', 'pdf.textImages_other', 'svg-tools').replace('{{count}}', '3'));
    if (HAS_QPDF) expect(qpdfCheck(pdf.bytes)).toMatch(/No syntax or stream encoding errors found/);
    if (HAS_GS) {
      const rendered = await decodeImage(page, gsRender(pdf.bytes, 'pdf'), 'image/png');
      const ref = await renderSvgInPage(page, svgFixture('cjk-card.svg').toString('utf8'), rendered.width, rendered.height, '#ffffff');
      const diff = meanDiff(rendered, ref);
      const inked = iou(darkMask(rendered), darkMask(ref));
      console.log(`CJK PDF in Ghostscript vs browser: mean diff ${diff.toFixed(2)}, dark-pixel IoU ${inked.toFixed(3)}`);
      expect(diff).toBeLessThan(6);
      expect(inked).toBeGreaterThan(0.7);
    }
  });

  it('writes EPS with a bounding box that renders in Ghostscript like the browser renders the SVG', async () => {
    const { page } = app;
    await page.goto('/svg/svg-to-eps');
    await page.getByTestId('file-input').setInputFiles([
      svgFile('graph-dot.svg'),
      svgFile('gradient-transform.svg'),
      svgFile('icon-camera.svg'),
      svgFile('effects.svg'),
      { name: 'broken.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>') },
    ]);
    await expect.poll(async () => [await rows(page, 'done').count(), await rows(page, 'error').count()], { timeout: 30_000 }).toEqual([4, 1]);
    expect(await row(page, 'broken.svg').getByTestId('row-error').textContent()).toMatch(/^Invalid SVG code \(line 1, column \d+\)/);
    expect(await page.getByTestId('eps-notes').textContent()).toContain(
      'gradient-transform.svg: gradients embedded as a raster image; translucent shapes over others embedded as a raster image',
    );
    expect(await page.getByTestId('eps-notes').textContent()).toContain(
      'effects.svg: clipped elements embedded as a raster image; filtered elements embedded as a raster image; embedded images kept as a raster image; masked elements embedded as a raster image',
    );

    for (const [name, bbox] of [
      ['graph-dot', '0 0 170 188'],
      ['gradient-transform', '0 0 284 171'],
      ['icon-camera', '0 0 18 18'],
      ['effects', '0 0 180 120'],
    ] as const) {
      const eps = await download(page, () => row(page, `${name}.svg`).getByTestId('download').click());
      expect(eps.name).toBe(`${name}.eps`);
      const text = eps.bytes.toString('latin1');
      expect(text.split('\n')[0]).toBe('%!PS-Adobe-3.0 EPSF-3.0');
      expect(text).toContain(`%%BoundingBox: ${bbox}\n`);
      if (name === 'effects') expect(text.match(/ image\n/g)).toHaveLength(4);
      if (name === 'gradient-transform') {
        const images = [...text.matchAll(/\/Width (\d+) \/Height (\d+) .*? image\n/g)];
        // The sky and the sun; the two translucent hills and the cloud over the sky (PostScript has no alpha).
        expect(images).toHaveLength(5);
        expect(text).not.toContain('%LK-RASTER');
      }
      if (HAS_GS && name !== 'icon-camera') {
        const rendered = await decodeImage(page, gsRender(eps.bytes, 'eps'), 'image/png');
        const ref = await renderSvgInPage(page, svgFixture(`${name}.svg`).toString('utf8'), rendered.width, rendered.height, '#ffffff');
        const diff = meanDiff(rendered, ref);
        console.log(`EPS ${name} (${eps.bytes.length} bytes) in Ghostscript vs browser: ${rendered.width}×${rendered.height}, mean diff ${diff.toFixed(2)}`);
        // The gradients are rendered by the browser and embedded as images (they were one average colour: 18.3).
        expect(diff).toBeLessThan(name === 'graph-dot' ? 8 : 6);
      }
    }
    recordWorks('chromium', 'svg-to-eps', 'EPS rendered by Ghostscript');
  });

  it('draws no hairline for a stroke of width 0 or 2.35e-37 (Graphviz), as the browser and rsvg draw none', { skip: !HAS_GS }, async () => {
    const { page } = app;
    await page.goto('/svg/svg-to-pdf');
    await page.getByTestId('paper').selectOption('svg');
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60">' +
      '<rect x="10" y="10" width="40" height="40" fill="none" stroke="black" stroke-width="2.35e-37"/>' +
      '<g stroke="black" stroke-width="0"><line x1="60" y1="20" x2="110" y2="20"/><path d="M60 30 H110" fill="none" style="stroke:#000"/></g>' +
      '<rect x="70" y="40" width="10" height="10" fill="#0000ff"/></svg>';
    await page.getByTestId('file-input').setInputFiles([{ name: 'thin.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) }]);
    await expect.poll(() => rows(page, 'done').count(), { timeout: 30_000 }).toBe(1);
    const pdf = await download(page, () => row(page, 'thin.svg').getByTestId('download').click());
    const shown = await decodeImage(page, gsRender(pdf.bytes, 'pdf'), 'image/png');
    let dark = 0;
    let blue = 0;
    for (let i = 0; i < shown.data.length; i += 4) {
      const [r, g, b] = [shown.data[i], shown.data[i + 1], shown.data[i + 2]];
      if (Math.min(r, g, b) < 235 && b - Math.max(r, g) < 40) dark++; // grey or black: a hairline, antialiased
      if (b > 200 && r < 80 && g < 80) blue++;
    }
    console.log(`SVG to PDF, near-zero strokes in Ghostscript: ${dark} grey px, ${blue} blue px (the filled square)`);
    expect(blue).toBeGreaterThan(50); // the page was drawn
    expect(dark).toBe(0);
  });

  it('ran no script, sent nothing to another origin and raised no error', async () => {
    expect(await pwned(app.page)).toBeNull();
    expect(trip.dialogs).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
