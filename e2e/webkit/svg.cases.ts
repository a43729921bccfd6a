import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordWorks } from '../support/matrix';
import { clear, fill, openTool, rowDownload } from './app';
import { compare, meanBrightness } from './check';
import { click, foreignRequests, identify, load, settle, SKIP_WEBKIT, text, upload, waitFor, type WebKitSession } from './support';
import { sharedWebKit } from './shared';
import { until } from './poll';

// The SVG tools in WebKitGTK: a real file through the UI, each download read by a program we did not write
// (ImageMagick, poppler, Ghostscript).
const SVGS = path.resolve('src/engines/svg/fixtures');
const TRACE = path.resolve('src/tools/svg/raster-to-svg/fixtures');

/** Ghostscript's rendering of an EPS (cropped to its bounding box) as a PNG file next to it. */
function gsRender(eps: string): string {
  const png = `${eps}.png`;
  execFileSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=png16m', '-r96', '-dEPSCrop', `-sOutputFile=${png}`, eps]);
  return png;
}


describe.skipIf(SKIP_WEBKIT)('WebKit: SVG tools', { timeout: 120_000 }, () => {
  let wk: WebKitSession;
  beforeAll(async () => {
    wk = await sharedWebKit();
    await load(wk, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  it('SVG preview: a chosen file shows the picture and its code; the download is that SVG, read by ImageMagick', async () => {
    await openTool(wk, '/svg/svg-preview');
    const source = path.join(SVGS, 'graph-dot.svg');
    await upload(wk, [source]);
    // The sample picture is shown before the file is read: wait for the file's own code in the editor.
    const own = readFileSync(source, 'utf8').trim();
    await until(() => text(wk, '[data-testid="text-input"]'), (v) => v?.trim() === own, { message: 'the file in the editor' });
    await waitFor(wk, '[data-testid="preview-image"]', { visible: true });
    await until(
      () => wk.driver.exec(() => { const img = document.querySelector<HTMLImageElement>('[data-testid="preview-image"]'); return !!img && img.complete && img.naturalWidth > 0; }),
      Boolean,
      { message: 'the preview drawn' },
    );
    expect(await text(wk, '[data-testid="text-input"]')).toContain('<svg');
    const out = await wk.download('[data-testid="download"]');
    expect(out.name).toBe('graph-dot.svg');
    expect(out.bytes.toString('utf8')).toBe(readFileSync(source, 'utf8'));
    const [a, b] = [identify(source), identify(out.file)];
    expect([b.format, b.width, b.height]).toEqual(['SVG', a.width, a.height]);
    recordWorks('webkit', 'svg-preview', 'picture shown, SVG download identified');
  });

  it('SVG to PNG at 2×', async () => {
    await openTool(wk, '/svg/svg-to-png');
    await click(wk, '[data-testid="scale-2"]');
    await upload(wk, [path.join(SVGS, 'icon-camera.svg')]);
    await settle(wk, 1, 0);
    const out = await wk.download(rowDownload('icon-camera.svg'));
    expect(out.name).toBe('icon-camera.png');
    expect(identify(out.file)).toEqual({ format: 'PNG', width: 48, height: 48 });
    recordWorks('webkit', 'svg-to-png', 'PNG 2×, identify');
    await clear(wk);
  });

  it('SVG to JPG 300 px wide', async () => {
    await openTool(wk, '/svg/svg-to-jpg');
    await click(wk, '[data-testid="size-width"]');
    await fill(wk, '[data-testid="width"]', '300');
    await upload(wk, [path.join(SVGS, 'icon-camera.svg')]);
    await settle(wk, 1, 0);
    const out = await wk.download(rowDownload('icon-camera.svg'));
    expect(out.name).toBe('icon-camera.jpg');
    expect(identify(out.file)).toEqual({ format: 'JPEG', width: 300, height: 300 });
    recordWorks('webkit', 'svg-to-jpg', 'JPEG 300 px, identify');
    await clear(wk);
  });

  it('SVG to PDF: one page that poppler reads and draws', async () => {
    await openTool(wk, '/svg/svg-to-pdf');
    await upload(wk, [path.join(SVGS, 'chart-bars.svg')]);
    await settle(wk, 1, 0);
    const out = await wk.download(rowDownload('chart-bars.svg'));
    expect(out.name).toBe('chart-bars.pdf');
    expect(execFileSync('pdfinfo', [out.file], { encoding: 'utf8' })).toMatch(/^Pages:\s+1$/m);
    execFileSync('pdftoppm', ['-png', '-r', '48', '-singlefile', out.file, `${out.file}-page`]);
    const page = `${out.file}-page.png`;
    expect(identify(page).format).toBe('PNG');
    // Bars on white: not a blank page.
    expect(meanBrightness(page)).toBeLessThan(0.98);
    recordWorks('webkit', 'svg-to-pdf', 'pdfinfo and pdftoppm');
    await clear(wk);
  });

  it('SVG to EPS: Ghostscript renders it at the bounding box', async () => {
    await openTool(wk, '/svg/svg-to-eps');
    await upload(wk, [path.join(SVGS, 'icon-camera.svg')]);
    await settle(wk, 1, 0);
    const out = await wk.download(rowDownload('icon-camera.svg'));
    expect(out.name).toBe('icon-camera.eps');
    expect(out.bytes.toString('latin1').split('\n')[0]).toBe('%!PS-Adobe-3.0 EPSF-3.0');
    const png = gsRender(out.file);
    const size = identify(png);
    expect(size.width).toBeGreaterThan(20);
    expect(meanBrightness(png)).toBeLessThan(0.98);
    recordWorks('webkit', 'svg-to-eps', 'EPS rendered by Ghostscript');
    await clear(wk);
  });

  it('SVG optimizer: smaller, and ImageMagick draws it the same size', async () => {
    await openTool(wk, '/svg/svg-optimizer');
    const source = path.join(SVGS, 'chart-bars.svg');
    await upload(wk, [source]);
    await settle(wk, 1, 0);
    const out = await wk.download(rowDownload('chart-bars.svg'));
    expect(out.name).toBe('chart-bars.svg');
    expect(out.bytes.length).toBeLessThan(statSync(source).size);
    const [a, b] = [identify(source), identify(out.file)];
    expect([b.format, b.width, b.height]).toEqual(['SVG', a.width, a.height]);
    recordWorks('webkit', 'svg-optimizer', 'smaller SVG, identify');
    await clear(wk);
  });

  it('PNG to SVG: a silhouette traced in three paths', { timeout: 180_000 }, async () => {
    await openTool(wk, '/svg/png-to-svg');
    await upload(wk, [path.join(TRACE, 'mark-silhouette.png')]);
    await settle(wk, 1, 0, 150_000);
    const out = await wk.download(rowDownload('mark-silhouette.png'));
    expect(out.name).toBe('mark-silhouette.svg');
    expect(out.bytes.toString('utf8').match(/<path /g)).toHaveLength(3);
    expect(identify(out.file)).toEqual({ format: 'SVG', width: 512, height: 384 });
    recordWorks('webkit', 'png-to-svg', 'traced SVG, identify');
    await clear(wk);
  });

  it('JPG to SVG: a colour logo traced in four colours', { timeout: 180_000 }, async () => {
    await openTool(wk, '/svg/jpg-to-svg');
    await fill(wk, '[data-testid="colors"]', '4');
    await upload(wk, [path.join(TRACE, 'logo-colour.jpg')]);
    await settle(wk, 1, 0, 150_000);
    const out = await wk.download(rowDownload('logo-colour.jpg'));
    expect(out.name).toBe('logo-colour.svg');
    expect(identify(out.file)).toEqual({ format: 'SVG', width: 480, height: 320 });
    // ImageMagick's drawing of the traced SVG is close to the JPEG it came from.
    const drawn = `${out.file}.png`;
    execFileSync('convert', [out.file, drawn]);
    expect(compare(path.join(TRACE, 'logo-colour.jpg'), drawn, 'RMSE')).toBeLessThan(0.15);
    recordWorks('webkit', 'jpg-to-svg', 'traced SVG, identify');
    await clear(wk);
  });

  it('sent nothing off the origin and logged no error', async () => {
    expect(await foreignRequests(wk)).toEqual([]);
    expect(wk.errors).toEqual([]);
  });
});
