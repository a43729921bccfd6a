// Compress PDF (and Page numbers & watermark) in Chromium on PDFs nobody here wrote: Debian's shared-mime-info manual
// and a scanned-looking PDF Ghostscript made from pictures in /usr/share. Judges: qpdf --check, pdfimages, pdftotext,
// Ghostscript /ebook on the same file, pdftoppm + butteraugli against the input's rendering.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEBIAN_PDFS, hostilePdfs } from '../src/engines/pdf/fixtures.testing';
import { SCAN_SOURCES, scannedPdf } from '../src/engines/pdf/scanned.testing';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { recordWorks } from './support/matrix';
import { download, row, rows } from './support/results';

const pdf = (name: string, bytes: Uint8Array | Buffer) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(bytes) });
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('PDF compress and stamp', () => {
  let app: AppSession;
  let dir: string;
  const save = (name: string, bytes: Buffer | Uint8Array) => {
    const file = path.join(dir, name);
    writeFileSync(file, bytes);
    return file;
  };
  const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'latin1' });
  const text = (file: string, first?: number, last?: number) => squash(run('pdftotext', [...(first ? ['-f', String(first), '-l', String(last ?? first)] : []), '-layout', file, '-']));
  const checked = (file: string) => expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors');
  const renderPage = (file: string, tag: string) => {
    const out = path.join(dir, tag);
    execFileSync('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', '-singlefile', '-png', file, out]);
    return `${out}.png`;
  };

  beforeAll(async () => {
    app = await openApp();
    dir = mkdtempSync(path.join(tmpdir(), 'localkit-pdfsc-e2e-'));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('compresses a scan below Ghostscript /ebook at no worse butteraugli, keeps a manual’s text, and hostile files fail in their rows', { timeout: 120_000 }, async () => {
    const { page } = app;
    const scan = scannedPdf(dir, SCAN_SOURCES.slice(0, 2), 1240);
    const hostile = hostilePdfs();
    await page.goto('/pdf/pdf-compress');
    const started = Date.now();
    await page.getByTestId('file-input').setInputFiles([pdf('truncated.pdf', hostile.truncated), pdf('zero.pdf', hostile.zero), pdf('scan.pdf', readFileSync(scan)), pdf('mime.pdf', readFileSync(DEBIAN_PDFS.mime))]);
    await expect.poll(() => rows(page, 'error').count(), { timeout: 5_000 }).toBe(2);
    console.log(`hostile PDFs failed in ${Date.now() - started} ms`);
    expect(await row(page, 'truncated.pdf').getByTestId('row-error').textContent()).toBe(tr('en', 'errors.damaged', 'pdf'));
    expect(await row(page, 'zero.pdf').getByTestId('row-error').textContent()).toBe(tr('en', 'errors.emptyFile'));
    await expect.poll(() => rows(page, 'done').count(), { timeout: 90_000 }).toBe(2);

    const ours = save('scan-compressed.pdf', (await download(page, () => row(page, 'scan.pdf').getByTestId('download').click())).bytes);
    checked(ours);
    expect(run('pdfimages', ['-list', ours])).toMatch(/\s620\s+877\s+rgb\s+3\s+8\s+jpeg\s.*\s150\s+150\s/);
    const gs = path.join(dir, 'scan.gs.pdf');
    execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dPDFSETTINGS=/ebook', `-sOutputFile=${gs}`, scan]);
    const [inPng, gsPng, oursPng] = [renderPage(scan, 'in'), renderPage(gs, 'gs'), renderPage(ours, 'ours')];
    const butteraugli = (a: string, b: string) => Number(execFileSync('butteraugli', [a, b], { encoding: 'utf8' }).trim());
    const [bGs, bOurs] = [butteraugli(inPng, gsPng), butteraugli(inPng, oursPng)];
    const [size, sizeGs] = [readFileSync(ours).byteLength, readFileSync(gs).byteLength];
    console.log(`scan: ours ${size} B butteraugli ${bOurs}; gs /ebook ${sizeGs} B butteraugli ${bGs}`);
    expect(size).toBeLessThan(sizeGs);
    expect(bOurs).toBeLessThanOrEqual(bGs * 1.05);

    const all = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    expect(Object.keys(all).sort()).toEqual(['mime-compressed.pdf', 'scan-compressed.pdf']);
    const manual = save('mime-compressed.pdf', all['mime-compressed.pdf']);
    checked(manual);
    expect(all['mime-compressed.pdf'].byteLength).toBeLessThanOrEqual(readFileSync(DEBIAN_PDFS.mime).byteLength);
    expect(text(manual)).toBe(text(DEBIAN_PDFS.mime));
    recordWorks('chromium', 'pdf-compress', 'qpdf --check, pdfimages ppi, smaller than gs /ebook at butteraugli within 5 %, pdftotext; hostile rows');
  });

  it('stamps page numbers and a CJK watermark on the pages asked; each page’s text is the source’s plus the stamp', { timeout: 90_000 }, async () => {
    const { page } = app;
    await page.goto('/pdf/pdf-stamp');
    await page.getByTestId('pages').fill('2-3');
    await page.getByTestId('watermark').fill('机密 草稿');
    await page.getByTestId('file-input').setInputFiles([pdf('mime.pdf', readFileSync(DEBIAN_PDFS.mime)), pdf('truncated.pdf', hostilePdfs().truncated)]);
    await page.getByTestId('start').click();
    await expect.poll(async () => [await rows(page, 'done').count(), await rows(page, 'error').count()], { timeout: 60_000 }).toEqual([1, 1]);
    expect(await row(page, 'truncated.pdf').getByTestId('row-error').textContent()).toBe(tr('en', 'errors.damaged', 'pdf'));
    const out = save('mime-stamped.pdf', (await download(page, () => row(page, 'mime.pdf').getByTestId('download').click())).bytes);
    checked(out);
    const raw = (file: string, p: number) => execFileSync('pdftotext', ['-raw', '-f', String(p), '-l', String(p), file, '-'], { encoding: 'utf8' });
    const rest = (t: string, stamp: string) => Array.from(t).filter((c) => !stamp.includes(c) && !/\s/.test(c)).join('');
    for (const p of [2, 3]) {
      const stamp = `Page ${p} of 17 机密 草稿`;
      const got = raw(out, p);
      expect(got).toContain(`Page ${p} of 17`);
      for (const c of '机密草稿') expect(got).toContain(c);
      expect(rest(got, stamp)).toBe(rest(raw(DEBIAN_PDFS.mime, p), stamp));
    }
    expect(raw(out, 1)).toBe(raw(DEBIAN_PDFS.mime, 1));
    expect(run('pdffonts', ['-f', '2', '-l', '2', out])).toMatch(/Droid Sans Fallback[^\n]*CID TrueType/);
    recordWorks('chromium', 'pdf-stamp', 'qpdf --check, pdftotext -raw per page (source + stamp), pdffonts; hostile row');
  });

  it('sent nothing off the origin', () => {
    expect(foreignRequests(app)).toEqual([]);
  });
});
