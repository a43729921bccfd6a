import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tr } from '../support/locales';
import { recordWorks } from '../support/matrix';
import { foreignRequests, identify, load, settle, SKIP_FIREFOX, type FirefoxSession } from './support';
import { sharedFirefox } from './shared';
import { ui } from './ui';

// Firefox ESR: the SVG tools other than SVG → PNG (in smoke.cases.ts), each download read by a program we did not
// write: ImageMagick (identify, compare), Poppler (pdfinfo, pdftoppm), qpdf and Ghostscript.
const SVGS = path.resolve('src/engines/svg/fixtures');
const TRACE = path.resolve('src/tools/svg/raster-to-svg/fixtures');
const CONVERT = '/usr/bin/convert';
const tmp = mkdtempSync(path.join(tmpdir(), 'ff-svg-'));

/** ImageMagick's root-mean-square difference (0–1) of two pictures of the same size, both over white. */
function rmse(a: string, b: string): number {
  const flat = (file: string, name: string) => {
    const out = path.join(tmp, name);
    execFileSync(CONVERT, ['-background', 'white', file, '-flatten', '-colorspace', 'sRGB', `png24:${out}`]);
    return out;
  };
  // compare exits 1 when the pictures differ at all: the metric is on stderr either way.
  const run = spawnSync('compare', ['-metric', 'RMSE', flat(a, 'a.png'), flat(b, 'b.png'), 'null:'], { encoding: 'utf8' });
  return Number(/\(([\d.e-]+)\)/.exec(run.stderr)?.[1] ?? NaN);
}

/**
 * Firefox's own drawing of SVG text at width × height over white, as a PNG file (ImageMagick's SVG renderer
 * draws text and some paths its own way, so pictures are compared with the browser's drawing).
 */
async function firefoxDrawing(ff: FirefoxSession, svg: string, width: number, height: number, name: string): Promise<string> {
  const dataUrl = await ff.page.evaluate(
    async (text, w, h) => {
      const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
      const img = new Image(w, h);
      img.src = url;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, w, h);
      ctx.drawImage(img, 0, 0, w, h);
      URL.revokeObjectURL(url);
      return canvas.toDataURL('image/png');
    },
    svg,
    width,
    height,
  );
  const file = path.join(tmp, `${name}.png`);
  writeFileSync(file, Buffer.from(dataUrl.split(',')[1], 'base64'));
  return file;
}

describe.skipIf(SKIP_FIREFOX)('Firefox ESR: SVG tools', { timeout: 120_000 }, () => {
  let ff: FirefoxSession;
  let $: ReturnType<typeof ui>;
  beforeAll(async () => {
    ff = await sharedFirefox();
    $ = ui(ff);
    await load(ff, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);
  afterAll(async () => {
    rmSync(tmp, { recursive: true, force: true });
  });

  it('SVG preview: an opened file is drawn with its size; invalid code gets the translated message', async () => {
    await $.openTool('/svg/svg-preview');
    await $.upload(path.join(SVGS, 'text-card.svg'));
    await expect.poll(() => $.text('[data-testid="preview-facts"]')).toMatch(/^320 × 120 px · 5 elements/);
    await expect.poll(() => ff.page.$eval('[data-testid="preview-image"]', (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const out = await ff.download('[data-testid="download"]');
    expect(out.bytes.toString('utf8')).toBe(readFileSync(path.join(SVGS, 'text-card.svg'), 'utf8'));
    expect(identify(out.file)).toMatchObject({ format: 'SVG', width: 320, height: 120 });

    const broken = ff.files([{ name: 'broken.svg', bytes: '<svg xmlns="http://www.w3.org/2000/svg">\n  <g>\n    <rect width="10" height="10">\n  </g>\n</svg>' }]);
    await $.upload(...broken);
    const prefix = tr('en', 'errors.invalidAt', 'svg-tools').split(' (')[0];
    await expect.poll(() => $.text('[data-testid="preview-error"]').catch(() => '')).toMatch(new RegExp(`^${prefix} \\(line 4, column \\d+\\): `));
    recordWorks('firefox', 'svg-preview', 'drawn, size read; invalid SVG named');
    await $.click('[data-testid="clear"]');
  });

  it('SVG to JPG: 300 px wide over white', async () => {
    await $.openTool('/svg/svg-to-jpg');
    await $.click('[data-testid="size-width"]');
    await $.fill('[data-testid="width"]', '300');
    await $.upload(path.join(SVGS, 'icon-camera.svg'));
    await settle(ff.page, 1, 0);
    const out = await ff.download($.rowDownload('icon-camera.svg'));
    expect(out.name).toBe('icon-camera.jpg');
    expect(identify(out.file)).toEqual({ format: 'JPEG', width: 300, height: 300 });
    // The corner is the white background, opaque.
    expect(execFileSync(CONVERT, [out.file, '-format', '%[fx:p{2,2}.r>0.95 && p{2,2}.g>0.95 && p{2,2}.b>0.95]', 'info:'], { encoding: 'utf8' })).toBe('1');
    recordWorks('firefox', 'svg-to-jpg', 'JPEG size and white corner, ImageMagick');
    await $.clear();
  });

  it('SVG optimizer: smaller, parsed by ImageMagick, drawn the same', async () => {
    await $.openTool('/svg/svg-optimizer');
    await $.upload(path.join(SVGS, 'chart-bars.svg'));
    await settle(ff.page, 1, 0);
    const out = await ff.download($.rowDownload('chart-bars.svg'));
    expect(out.name).toBe('chart-bars.svg');
    const original = path.join(SVGS, 'chart-bars.svg');
    expect(out.bytes.length).toBeLessThan(readFileSync(original).length * 0.85);
    expect(identify(out.file)).toMatchObject({ format: 'SVG', width: 480, height: 300 });
    const before = await firefoxDrawing(ff, readFileSync(original, 'utf8'), 480, 300, 'before');
    const after = await firefoxDrawing(ff, out.bytes.toString('utf8'), 480, 300, 'after');
    const diff = rmse(before, after);
    console.log(`optimized SVG vs original (Firefox drawings, ImageMagick compare): RMSE ${diff}`);
    expect(diff).toBeLessThan(0.01);
    recordWorks('firefox', 'svg-optimizer', 'smaller, parsed by identify, same drawing');
    await $.clear();
  });

  it('SVG to PDF: one page at the SVG size, checked by qpdf and drawn by Poppler', async () => {
    await $.openTool('/svg/svg-to-pdf');
    await $.upload(path.join(SVGS, 'chart-bars.svg'));
    await settle(ff.page, 1, 0, 60_000);
    const out = await ff.download($.rowDownload('chart-bars.svg'));
    expect(out.name).toBe('chart-bars.pdf');
    expect(execFileSync('qpdf', ['--check', out.file], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors found/);
    const info = execFileSync('pdfinfo', [out.file], { encoding: 'utf8' });
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+360 x 225 pts/m);
    const png = path.join(tmp, 'pdf');
    execFileSync('pdftoppm', ['-png', '-singlefile', '-scale-to-x', '480', '-scale-to-y', '300', out.file, png]);
    const reference = await firefoxDrawing(ff, readFileSync(path.join(SVGS, 'chart-bars.svg'), 'utf8'), 480, 300, 'chart');
    const diff = rmse(reference, `${png}.png`);
    console.log(`PDF in Poppler vs the SVG in Firefox: RMSE ${diff}`);
    expect(diff).toBeLessThan(0.08);
    recordWorks('firefox', 'svg-to-pdf', 'qpdf --check, pdfinfo, pdftoppm');
    await $.clear();
  });

  it('SVG to EPS: a bounding box Ghostscript agrees with', async () => {
    await $.openTool('/svg/svg-to-eps');
    await $.upload(path.join(SVGS, 'graph-dot.svg'));
    await settle(ff.page, 1, 0, 60_000);
    const out = await ff.download($.rowDownload('graph-dot.svg'));
    expect(out.name).toBe('graph-dot.eps');
    const text = out.bytes.toString('latin1');
    expect(text.split('\n')[0]).toBe('%!PS-Adobe-3.0 EPSF-3.0');
    expect(text).toContain('%%BoundingBox: 0 0 170 188\n');
    // What Ghostscript finds painted: inside the declared box, and most of it.
    const gs = spawnSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=bbox', out.file], { encoding: 'utf8' });
    expect(gs.status).toBe(0);
    const [x0, y0, x1, y1] = /%%BoundingBox: (-?\d+) (-?\d+) (-?\d+) (-?\d+)/.exec(gs.stderr)!.slice(1).map(Number);
    console.log(`EPS painted box in Ghostscript: ${x0} ${y0} ${x1} ${y1}`);
    expect(Math.min(x0, y0)).toBeGreaterThanOrEqual(0);
    expect(x1).toBeLessThanOrEqual(171);
    expect(y1).toBeLessThanOrEqual(189);
    expect((x1 - x0) * (y1 - y0)).toBeGreaterThan(170 * 188 * 0.5);
    recordWorks('firefox', 'svg-to-eps', 'EPS bounding box, Ghostscript bbox');
    await $.clear();
  });

  it('PNG to SVG: a silhouette traced, drawn like the original by ImageMagick', { timeout: 180_000 }, async () => {
    await $.openTool('/svg/png-to-svg');
    const source = path.join(TRACE, 'mark-silhouette.png');
    await $.upload(source);
    await settle(ff.page, 1, 0, 150_000);
    const out = await ff.download($.rowDownload('mark-silhouette.png'));
    expect(out.name).toBe('mark-silhouette.svg');
    expect(identify(out.file)).toMatchObject({ format: 'SVG', width: 512, height: 384 });
    expect(out.bytes.toString('utf8')).toMatch(/<path /);
    const diff = rmse(source, out.file);
    console.log(`traced PNG vs original in ImageMagick: RMSE ${diff}`);
    expect(diff).toBeLessThan(0.15);
    recordWorks('firefox', 'png-to-svg', 'traced SVG drawn by ImageMagick, RMSE');
    await $.clear();
  });

  it('JPG to SVG: a colour logo traced, drawn like the original by ImageMagick', { timeout: 180_000 }, async () => {
    await $.openTool('/svg/jpg-to-svg');
    const source = path.join(TRACE, 'logo-colour.jpg');
    await $.upload(source);
    await settle(ff.page, 1, 0, 150_000);
    const out = await ff.download($.rowDownload('logo-colour.jpg'));
    expect(out.name).toBe('logo-colour.svg');
    expect(identify(out.file)).toMatchObject({ format: 'SVG', width: 480, height: 320 });
    const diff = rmse(source, out.file);
    console.log(`traced JPEG vs original in ImageMagick: RMSE ${diff}`);
    expect(diff).toBeLessThan(0.15);
    recordWorks('firefox', 'jpg-to-svg', 'traced SVG drawn by ImageMagick, RMSE');
    await $.clear();
  });

  it('sent nothing off the origin and logged no error', () => {
    expect(foreignRequests(ff)).toEqual([]);
    expect(ff.errors).toEqual([]);
  });
});
