// WebKitGTK (Safari's engine), short: MuPDF in the PDF worker splits a manual per page into a ZIP, protects a PDF
// with AES-256 and unlocks it, organises, merges with a page range, puts pictures into a PDF and draws a page as a
// PNG; unzip, qpdf, poppler and ImageMagick judge the downloads.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEBIAN_PDFS } from '../../src/engines/pdf/fixtures.testing';
import { expectImagesPdf, expectPageImage, smallPictures } from '../pdf-judges';
import { recordWorks } from '../support/matrix';
import { clear, fill, openTool } from './app';
import { click, foreignRequests, load, settle, SKIP_WEBKIT, upload, waitFor, type WebKitSession } from './support';
import { sharedWebKit } from './shared';

// A comma and an equals sign: MuPDF's option string would have split it (whole since MuPDF.js takes JSON options).
const PASSWORD = 'web,kit pw=1';
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'latin1' });
const text = (file: string, first: number, last: number) => run('pdftotext', ['-f', String(first), '-l', String(last), file, '-']).replace(/\s+/g, ' ').trim();

describe.skipIf(SKIP_WEBKIT)('WebKit: PDF tools', { timeout: 120_000 }, () => {
  let wk: WebKitSession;
  beforeAll(async () => {
    wk = await sharedWebKit();
    await load(wk, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  it('splits a 17-page manual into one PDF per page, in a ZIP', async () => {
    await openTool(wk, '/pdf/pdf-split');
    await click(wk, '[data-testid="mode-single"]');
    await upload(wk, wk.files([{ name: 'mime.pdf', bytes: readFileSync(DEBIAN_PDFS.mime) }]));
    await settle(wk, 1, 0);
    const zip = await wk.download('[data-testid="result-row"] [data-testid="download"]');
    expect(zip.name).toBe('mime.zip');
    execFileSync('unzip', ['-tq', zip.file]);
    const names = run('unzip', ['-Z1', zip.file]).trim().split('\n');
    expect(names).toHaveLength(17);
    const dir = `${zip.file}-x`;
    execFileSync('unzip', ['-q', '-o', zip.file, '-d', dir]);
    const page5 = path.join(dir, 'mime-p5.pdf');
    expect(run('qpdf', ['--check', page5])).toContain('No syntax or stream encoding errors');
    expect(text(page5, 1, 1)).toBe(text(DEBIAN_PDFS.mime, 5, 5));
    recordWorks('webkit', 'pdf-split', 'unzip, qpdf --check, pdftotext of a part');
    await clear(wk);
  });

  it('protects with AES-256 that qpdf opens only with the password, and unlocks with it', async () => {
    await openTool(wk, '/pdf/pdf-protect');
    await fill(wk, '[data-testid="password"]', PASSWORD);
    await upload(wk, wk.files([{ name: 'tasn1.pdf', bytes: readFileSync(DEBIAN_PDFS.tasn1) }]));
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0);
    const locked = await wk.download('[data-testid="result-row"] [data-testid="download"]');
    const shown = run('qpdf', ['--show-encryption', `--password=${PASSWORD}`, locked.file]);
    expect(shown).toMatch(/stream encryption method: AESv3/);
    expect(shown).toContain(`User password = ${PASSWORD}\n`);
    expect(() => execFileSync('qpdf', ['--check', locked.file], { stdio: 'pipe' })).toThrow(/invalid password/);
    expect(() => execFileSync('qpdf', ['--check', '--password=web', locked.file], { stdio: 'pipe' })).toThrow(/invalid password/);
    recordWorks('webkit', 'pdf-protect', 'qpdf --show-encryption AESv3, refused without the password');
    await clear(wk);

    await openTool(wk, '/pdf/pdf-unlock');
    await fill(wk, '[data-testid="password"]', PASSWORD);
    await upload(wk, wk.files([{ name: 'locked.pdf', bytes: locked.bytes }]));
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0);
    const open = await wk.download('[data-testid="result-row"] [data-testid="download"]');
    expect(run('qpdf', ['--show-encryption', open.file])).toMatch(/File is not encrypted/);
    expect(run('qpdf', ['--check', open.file])).toContain('No syntax or stream encoding errors');
    expect(text(open.file, 1, 36)).toBe(text(DEBIAN_PDFS.tasn1, 1, 36));
    recordWorks('webkit', 'pdf-unlock', 'qpdf: not encrypted, --check; pdftotext unchanged');
    await clear(wk);
  });

  it('organises a manual: typed order with a turn; qpdf, pdfinfo and pdftotext agree', async () => {
    await openTool(wk, '/pdf/pdf-organize');
    await upload(wk, wk.files([{ name: 'mime.pdf', bytes: readFileSync(DEBIAN_PDFS.mime) }]));
    await waitFor(wk, '[data-testid="page-card"]:nth-child(17)');
    await waitFor(wk, '[data-testid="page-card"] img[src^="blob:"]');
    await fill(wk, '[data-testid="pages"]', '3, 1@90');
    await waitFor(wk, '[data-testid="page-card"]:nth-child(2)[data-page="1"][data-rotate="90"]');
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0);
    const out = await wk.download('[data-testid="result-row"] [data-testid="download"]');
    expect(run('qpdf', ['--check', out.file])).toContain('No syntax or stream encoding errors');
    expect(run('pdfinfo', ['-f', '1', '-l', '2', out.file])).toMatch(/Pages:\s+2[\s\S]*Page\s+1 rot:\s+0[\s\S]*Page\s+2 rot:\s+90/);
    expect(text(out.file, 1, 1)).toBe(text(DEBIAN_PDFS.mime, 3, 3));
    recordWorks('webkit', 'pdf-organize', 'qpdf --check, pdfinfo rotation, pdftotext');
    await clear(wk);
  });

  it('merges two manuals with a page range; qpdf --check, pdfinfo and pdftotext agree', async () => {
    await openTool(wk, '/pdf/pdf-merge');
    await upload(wk, wk.files([
      { name: 'mime.pdf', bytes: readFileSync(DEBIAN_PDFS.mime) },
      { name: 'tasn1.pdf', bytes: readFileSync(DEBIAN_PDFS.tasn1) },
    ]));
    await waitFor(wk, '[data-testid="ordered-file"]:nth-child(2)');
    await fill(wk, '[data-testid="ordered-file"]:nth-child(2) [data-testid="pages"]', '1-2');
    await click(wk, 'button[data-testid="start"]');
    await settle(wk, 1, 0);
    const out = await wk.download('[data-testid="result-row"] [data-testid="download"]');
    expect(run('qpdf', ['--check', out.file])).toContain('No syntax or stream encoding errors');
    expect(run('pdfinfo', [out.file])).toMatch(/^Pages:\s+19$/m);
    expect(text(out.file, 18, 19)).toBe(text(DEBIAN_PDFS.tasn1, 1, 2));
    recordWorks('webkit', 'pdf-merge', 'qpdf --check, pdfinfo, pdftotext');
    await clear(wk);
  });

  it('puts a JPEG into a PDF byte for byte, a PNG on the next page (pdfimages -all)', async () => {
    const { jpg, png } = smallPictures();
    await openTool(wk, '/pdf/images-to-pdf');
    await upload(wk, wk.files([
      { name: 'picture.jpg', bytes: readFileSync(jpg) },
      { name: 'picture.png', bytes: readFileSync(png) },
    ]));
    await waitFor(wk, '[data-testid="ordered-file"]:nth-child(2)');
    await click(wk, 'button[data-testid="start"]');
    await settle(wk, 1, 0);
    const out = await wk.download('[data-testid="result-row"] [data-testid="download"]');
    expectImagesPdf(out.file, jpg);
    recordWorks('webkit', 'images-to-pdf', 'qpdf --check, pdfinfo, pdfimages -all: the JPEG byte for byte');
    await clear(wk);
  });

  it('draws a page as a PNG the size pdftoppm draws and close to its picture', async () => {
    await openTool(wk, '/pdf/pdf-to-images');
    await fill(wk, '[data-testid="dpi"]', '100');
    await fill(wk, '[data-testid="pages"]', '3');
    await upload(wk, wk.files([{ name: 'mime.pdf', bytes: readFileSync(DEBIAN_PDFS.mime) }]));
    await settle(wk, 1, 0);
    const out = await wk.download('[data-testid="result-row"] [data-testid="download"]');
    expect(out.name).toBe('mime-p3.png');
    expectPageImage(out.file, DEBIAN_PDFS.mime, 3, 100);
    recordWorks('webkit', 'pdf-to-images', 'PNG size as pdftoppm at 100 dpi, ImageMagick RMSE against it');
    await clear(wk);
  });

  it('sent nothing off the origin', async () => {
    expect(await foreignRequests(wk)).toEqual([]);
    expect(wk.proxied).toEqual([]);
  });
});
