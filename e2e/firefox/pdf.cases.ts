// Firefox ESR, short: the PDF engine (MuPDF in its worker) merges with a page range, protects/unlocks with AES-256,
// organises, splits by ranges, puts pictures into a PDF and draws a page as a PNG; qpdf, poppler, unzip and
// ImageMagick judge the downloads.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEBIAN_PDFS } from '../../src/engines/pdf/fixtures.testing';
import { expectImagesPdf, expectPageImage, smallPictures } from '../pdf-judges';
import { recordWorks } from '../support/matrix';
import { foreignRequests, load, settle, SKIP_FIREFOX, type FirefoxSession } from './support';
import { sharedFirefox } from './shared';
import { ui } from './ui';

// A comma and an equals sign: MuPDF's option string would have split it (whole since MuPDF.js takes JSON options).
const PASSWORD = 'fire,fox pw=1';
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'latin1' });
const pages = (file: string) => Number(/^Pages:\s+(\d+)/m.exec(run('pdfinfo', [file]))?.[1]);
const text = (file: string, first: number, last: number) => run('pdftotext', ['-f', String(first), '-l', String(last), file, '-']).replace(/\s+/g, ' ').trim();

describe.skipIf(SKIP_FIREFOX)('Firefox ESR: PDF tools', { timeout: 120_000 }, () => {
  let ff: FirefoxSession;
  let $: ReturnType<typeof ui>;
  beforeAll(async () => {
    ff = await sharedFirefox();
    $ = ui(ff);
    await load(ff, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  it('merges two manuals with a page range; qpdf --check and pdftotext agree', async () => {
    await $.openTool('/pdf/pdf-merge');
    const [a, b] = ff.files([
      { name: 'mime.pdf', bytes: readFileSync(DEBIAN_PDFS.mime) },
      { name: 'tasn1.pdf', bytes: readFileSync(DEBIAN_PDFS.tasn1) },
    ]);
    await $.upload(a, b);
    await ff.page.waitForSelector('[data-testid="ordered-file"]:nth-child(2)');
    await $.fill('[data-testid="ordered-file"]:nth-child(2) [data-testid="pages"]', '1-2');
    await $.click('button[data-testid="start"]');
    await settle(ff.page, 1, 0);
    const out = await ff.download('[data-testid="result-row"] [data-testid="download"]');
    expect(run('qpdf', ['--check', out.file])).toContain('No syntax or stream encoding errors');
    expect(pages(out.file)).toBe(17 + 2);
    expect(text(out.file, 18, 19)).toBe(text(DEBIAN_PDFS.tasn1, 1, 2));
    recordWorks('firefox', 'pdf-merge', 'qpdf --check, pdfinfo, pdftotext');
    await $.clear();
  });

  it('protects with AES-256 and unlocks with the password', async () => {
    await $.openTool('/pdf/pdf-protect');
    await $.fill('[data-testid="password"]', PASSWORD);
    await $.upload(...ff.files([{ name: 'mime.pdf', bytes: readFileSync(DEBIAN_PDFS.mime) }]));
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0);
    const locked = await ff.download('[data-testid="result-row"] [data-testid="download"]');
    const shown = run('qpdf', ['--show-encryption', `--password=${PASSWORD}`, locked.file]);
    expect(shown).toMatch(/stream encryption method: AESv3/);
    expect(shown).toContain(`User password = ${PASSWORD}\n`);
    expect(() => execFileSync('qpdf', ['--check', locked.file], { stdio: 'pipe' })).toThrow(/invalid password/);
    expect(() => execFileSync('qpdf', ['--check', '--password=fire', locked.file], { stdio: 'pipe' })).toThrow(/invalid password/);
    await $.clear();

    await $.openTool('/pdf/pdf-unlock');
    await $.fill('[data-testid="password"]', PASSWORD);
    await $.upload(...ff.files([{ name: 'locked.pdf', bytes: locked.bytes }]));
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0);
    const open = await ff.download('[data-testid="result-row"] [data-testid="download"]');
    expect(run('qpdf', ['--show-encryption', open.file])).toMatch(/File is not encrypted/);
    expect(text(open.file, 1, 17)).toBe(text(DEBIAN_PDFS.mime, 1, 17));
    recordWorks('firefox', 'pdf-protect', 'qpdf --show-encryption AESv3, refused without the password');
    recordWorks('firefox', 'pdf-unlock', 'qpdf: not encrypted; pdftotext unchanged');
    await $.clear();
  });

  it('organises a manual: typed order with a turn, the grid in step; qpdf, pdfinfo and pdftotext agree', async () => {
    await $.openTool('/pdf/pdf-organize');
    await $.upload(...ff.files([{ name: 'mime.pdf', bytes: readFileSync(DEBIAN_PDFS.mime) }]));
    await ff.page.waitForSelector('[data-testid="page-card"]:nth-child(17)');
    await ff.page.waitForSelector('[data-testid="page-card"] img[src^="blob:"]');
    await $.fill('[data-testid="pages"]', '3, 1@90');
    await ff.page.waitForSelector('[data-testid="page-card"]:nth-child(2)[data-page="1"][data-rotate="90"]');
    await $.click('button[data-testid="start"]');
    await settle(ff.page, 1, 0);
    const out = await ff.download('[data-testid="result-row"] [data-testid="download"]');
    expect(run('qpdf', ['--check', out.file])).toContain('No syntax or stream encoding errors');
    expect(pages(out.file)).toBe(2);
    expect(run('pdfinfo', ['-f', '1', '-l', '2', out.file])).toMatch(/Page\s+1 rot:\s+0[\s\S]*Page\s+2 rot:\s+90/);
    expect(text(out.file, 1, 1)).toBe(text(DEBIAN_PDFS.mime, 3, 3));
    recordWorks('firefox', 'pdf-organize', 'qpdf --check, pdfinfo rotation, pdftotext');
    await $.clear();
  });

  it('splits a manual by ranges into a ZIP; unzip, qpdf, pdfinfo and pdftotext agree', async () => {
    await $.openTool('/pdf/pdf-split');
    await $.click('[data-testid="mode-ranges"]');
    await $.fill('[data-testid="pages"]', '2-3, 17');
    await $.upload(...ff.files([{ name: 'mime.pdf', bytes: readFileSync(DEBIAN_PDFS.mime) }]));
    await settle(ff.page, 1, 0);
    const zip = await ff.download('[data-testid="result-row"] [data-testid="download"]');
    expect(run('unzip', ['-Z1', zip.file]).trim().split('\n').sort()).toEqual(['mime-p17.pdf', 'mime-p2-3.pdf']);
    const dir = `${zip.file}-x`;
    execFileSync('unzip', ['-q', '-o', zip.file, '-d', dir]);
    const part = path.join(dir, 'mime-p2-3.pdf');
    expect(run('qpdf', ['--check', part])).toContain('No syntax or stream encoding errors');
    expect(pages(part)).toBe(2);
    expect(text(part, 1, 2)).toBe(text(DEBIAN_PDFS.mime, 2, 3));
    recordWorks('firefox', 'pdf-split', 'unzip, qpdf --check, pdfinfo, pdftotext of a part');
    await $.clear();
  });

  it('puts a JPEG into a PDF byte for byte, a PNG on the next page (pdfimages -all)', async () => {
    const { jpg, png } = smallPictures();
    await $.openTool('/pdf/images-to-pdf');
    await $.upload(...ff.files([
      { name: 'picture.jpg', bytes: readFileSync(jpg) },
      { name: 'picture.png', bytes: readFileSync(png) },
    ]));
    await ff.page.waitForSelector('[data-testid="ordered-file"]:nth-child(2)');
    await $.click('button[data-testid="start"]');
    await settle(ff.page, 1, 0);
    const out = await ff.download('[data-testid="result-row"] [data-testid="download"]');
    expectImagesPdf(out.file, jpg);
    recordWorks('firefox', 'images-to-pdf', 'qpdf --check, pdfinfo, pdfimages -all: the JPEG byte for byte');
    await $.clear();
  });

  it('draws a page as a PNG the size pdftoppm draws and close to its picture', async () => {
    await $.openTool('/pdf/pdf-to-images');
    await $.fill('[data-testid="dpi"]', '100');
    await $.fill('[data-testid="pages"]', '3');
    await $.upload(...ff.files([{ name: 'mime.pdf', bytes: readFileSync(DEBIAN_PDFS.mime) }]));
    await settle(ff.page, 1, 0);
    const out = await ff.download('[data-testid="result-row"] [data-testid="download"]');
    expect(out.name).toBe('mime-p3.png');
    expectPageImage(out.file, DEBIAN_PDFS.mime, 3, 100);
    recordWorks('firefox', 'pdf-to-images', 'PNG size as pdftoppm at 100 dpi, ImageMagick RMSE against it');
    await $.clear();
  });

  it('sent nothing off the origin', () => {
    expect(foreignRequests(ff)).toEqual([]);
    expect(ff.proxied).toEqual([]);
  });
});
