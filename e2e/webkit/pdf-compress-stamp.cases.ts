// WebKitGTK (Safari's engine), short: Compress PDF scales a scanned page to 150 dpi and writes a manual's Type 1 fonts
// as CFF, and Page numbers & watermark stamps a page; qpdf, pdfimages, pdffonts and pdftotext judge the downloads.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEBIAN_PDFS, scratch } from '../../src/engines/pdf/fixtures.testing';
import { SCAN_SOURCES, scannedPdf } from '../../src/engines/pdf/scanned.testing';
import { expectCompressedManual } from '../pdf-judges';
import { recordWorks } from '../support/matrix';
import { clear, fill, openTool } from './app';
import { click, foreignRequests, load, settle, SKIP_WEBKIT, upload, type WebKitSession } from './support';
import { sharedWebKit } from './shared';

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });

describe.skipIf(SKIP_WEBKIT)('WebKit: PDF compress and stamp', { timeout: 120_000 }, () => {
  let wk: WebKitSession;
  beforeAll(async () => {
    wk = await sharedWebKit();
    await load(wk, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  it('compresses a scanned page to 150 dpi, smaller, qpdf clean', async () => {
    const scan = readFileSync(scannedPdf(scratch(), SCAN_SOURCES.slice(0, 1), 1240));
    await openTool(wk, '/pdf/pdf-compress');
    await upload(wk, wk.files([{ name: 'scan.pdf', bytes: scan }]));
    await settle(wk, 1, 0);
    const out = await wk.download('[data-testid="result-row"] [data-testid="download"]');
    expect(run('qpdf', ['--check', out.file])).toContain('No syntax or stream encoding errors');
    expect(out.bytes.byteLength).toBeLessThan(scan.byteLength / 4);
    expect(run('pdfimages', ['-list', out.file])).toMatch(/\s620\s+877\s+rgb\s+3\s+8\s+jpeg\s.*\s150\s+150\s/);
    recordWorks('webkit', 'pdf-compress', 'qpdf --check, pdfimages 150 ppi, smaller');
    await clear(wk);
  });

  it('compresses a text manual: its Type 1 fonts become CFF, smaller, qpdf clean, text unchanged', async () => {
    const manual = readFileSync(DEBIAN_PDFS.mime);
    await openTool(wk, '/pdf/pdf-compress');
    await upload(wk, wk.files([{ name: 'mime.pdf', bytes: manual }]));
    await settle(wk, 1, 0);
    const out = await wk.download('[data-testid="result-row"] [data-testid="download"]');
    expectCompressedManual(out.file, DEBIAN_PDFS.mime);
    await clear(wk);
  });

  it('stamps a page number and a watermark on page 2 only', async () => {
    await openTool(wk, '/pdf/pdf-stamp');
    await fill(wk, '[data-testid="pages"]', '2');
    await fill(wk, '[data-testid="watermark"]', 'DRAFT');
    await upload(wk, wk.files([{ name: 'mime.pdf', bytes: readFileSync(DEBIAN_PDFS.mime) }]));
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0);
    const out = await wk.download('[data-testid="result-row"] [data-testid="download"]');
    expect(run('qpdf', ['--check', out.file])).toContain('No syntax or stream encoding errors');
    const raw = (file: string, p: number) => run('pdftotext', ['-raw', '-f', String(p), '-l', String(p), file, '-']);
    expect(raw(out.file, 2)).toContain('Page 2 of 17');
    expect(raw(out.file, 1)).toBe(raw(DEBIAN_PDFS.mime, 1));
    recordWorks('webkit', 'pdf-stamp', 'qpdf --check, pdftotext -raw');
    await clear(wk);
  });

  it('sent nothing off the origin', async () => {
    expect(await foreignRequests(wk)).toEqual([]);
    expect(wk.proxied).toEqual([]);
  });
});
