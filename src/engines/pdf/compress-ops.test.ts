import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCodecWasmInNode } from '../codecs/node-wasm.testing';
import { areaResize } from './area-resize';
import { compressPdf, targetSize } from './compress-ops';
import { DEBIAN_PDFS, hostilePdfs, pdfPages, pdfText, qpdfCheck, readPdf, saveTemp, scratch } from './fixtures.testing';
import { SCAN_SOURCES, scannedPdf } from './scanned.testing';

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const SETTINGS = { dpi: 150, quality: 77 };

beforeAll(() => loadCodecWasmInNode());

describe('targetSize', () => {
  it('scales down only past 1.5× the resolution asked, to that resolution', () => {
    // 2480 px across 595 pt = 300 dpi → 150 dpi.
    expect(targetSize(2480, 3508, { w: 595.2, h: 841.9 }, 150)).toEqual({ w: 1240, h: 1754 });
    // 200 dpi shown, asked 150: under the 1.5 threshold, kept.
    expect(targetSize(2000, 1000, { w: 720, h: 360 }, 150)).toEqual({ w: 2000, h: 1000 });
    expect(targetSize(100, 100, { w: 0, h: 0 }, 150)).toEqual({ w: 100, h: 100 });
  });
});

describe('areaResize', () => {
  it('averages the area each output pixel covers', () => {
    const data = new Uint8ClampedArray([0, 0, 0, 255, 100, 100, 100, 255, 200, 0, 0, 255, 0, 200, 0, 255]);
    const out = areaResize({ data, width: 2, height: 2 }, 1, 1);
    expect([...out.data]).toEqual([75, 75, 25, 255]);
    const wide = areaResize({ data: new Uint8ClampedArray([0, 0, 0, 255, 90, 90, 90, 255, 180, 180, 180, 255]), width: 3, height: 1 }, 2, 1);
    expect([...wide.data]).toEqual([30, 30, 30, 255, 150, 150, 150, 255]);
  });
});

describe('compressPdf', () => {
  it('scales scanned pages to 150 dpi, smaller than Ghostscript /ebook, text and pages kept, qpdf clean', async () => {
    const dir = scratch();
    const scan = scannedPdf(dir, SCAN_SOURCES.slice(0, 2), 1240);
    const input = readFileSync(scan);
    const result = await compressPdf(new Uint8Array(input), SETTINGS);
    expect(result.keptOriginal).toBe(false);
    expect(result.images).toEqual({ rewritten: 2, total: 2 });
    const ours = saveTemp('scan-compressed.pdf', result.bytes);
    expect(qpdfCheck(ours)).toContain('No syntax or stream encoding errors');
    expect(pdfPages(ours)).toBe(2);
    const list = execFileSync('pdfimages', ['-list', ours], { encoding: 'utf8' });
    expect(list).toMatch(/\s620\s+877\s+rgb\s+3\s+8\s+jpeg\s.*\s150\s+150\s/);
    const gs = path.join(dir, 'scan.gs.pdf');
    execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dPDFSETTINGS=/ebook', `-sOutputFile=${gs}`, scan]);
    expect(result.bytes.byteLength).toBeLessThan(readFileSync(gs).byteLength);
  }, 60_000);

  it('leaves a text document’s text as it was and never makes it bigger', async () => {
    const input = readPdf(DEBIAN_PDFS.mime);
    const result = await compressPdf(input, SETTINGS);
    expect(result.bytes.byteLength).toBeLessThanOrEqual(input.byteLength);
    const ours = saveTemp('mime-compressed.pdf', result.bytes);
    expect(qpdfCheck(ours)).toContain('No syntax or stream encoding errors');
    expect(squash(pdfText(ours))).toBe(squash(pdfText(DEBIAN_PDFS.mime)));
  });

  it('writes a pdfTeX manual’s Type 1 fonts as CFF: smaller than Ghostscript /ebook, pages drawn the same', async () => {
    const result = await compressPdf(readPdf(DEBIAN_PDFS.tasn1), SETTINGS);
    expect(result.fonts).toEqual({ converted: 14, total: 14 });
    const ours = saveTemp('tasn1-compressed.pdf', result.bytes);
    expect(qpdfCheck(ours)).toContain('No syntax or stream encoding errors');
    expect(squash(pdfText(ours))).toBe(squash(pdfText(DEBIAN_PDFS.tasn1)));
    const gs = path.join(scratch(), 'tasn1.gs.pdf');
    execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dPDFSETTINGS=/ebook', `-sOutputFile=${gs}`, DEBIAN_PDFS.tasn1]);
    expect(result.bytes.byteLength).toBeLessThan(readFileSync(gs).byteLength * 0.7);
    // Pages 1-4 (title, contents, text with maths fonts) rendered by poppler: the same pixels as the input's.
    const render = (pdf: string) => execFileSync('pdftoppm', ['-r', '60', '-f', '1', '-l', '4', '-gray', pdf], { maxBuffer: 1 << 26 });
    expect(Buffer.compare(render(ours), render(DEBIAN_PDFS.tasn1))).toBe(0);
  }, 60_000);

  it('writes a Quartz manual’s one-word text blocks as text runs: under Ghostscript /ebook, every page the same pixels', async () => {
    const result = await compressPdf(readPdf(DEBIAN_PDFS.mie), SETTINGS);
    const ours = saveTemp('mie-compressed.pdf', result.bytes);
    expect(qpdfCheck(ours)).toContain('No syntax or stream encoding errors');
    expect(pdfText(ours)).toBe(pdfText(DEBIAN_PDFS.mie));
    const gs = path.join(scratch(), 'mie.gs.pdf');
    execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dPDFSETTINGS=/ebook', `-sOutputFile=${gs}`, DEBIAN_PDFS.mie]);
    // 0.908× here (was 1.028× before the text runs); the bound leaves room for another gs.
    expect(result.bytes.byteLength).toBeLessThan(readFileSync(gs).byteLength * 0.95);
    // All 22 pages in poppler: the same pixels as the input's (a Td that did not add up exactly would move a glyph).
    const render = (pdf: string) => execFileSync('pdftoppm', ['-r', '100', '-gray', pdf], { maxBuffer: 1 << 27 });
    expect(Buffer.compare(render(ours), render(DEBIAN_PDFS.mie))).toBe(0);
  }, 60_000);

  it('keeps the original when the result is not smaller', async () => {
    const once = (await compressPdf(readPdf(DEBIAN_PDFS.tasn1), SETTINGS)).bytes;
    const twice = await compressPdf(once, SETTINGS);
    expect(twice.keptOriginal).toBe(true);
    expect(Buffer.compare(Buffer.from(twice.bytes), Buffer.from(once))).toBe(0);
  });

  it('says what is wrong with an empty or truncated file', async () => {
    const hostile = hostilePdfs();
    await expect(compressPdf(hostile.zero, SETTINGS)).rejects.toMatchObject({ key: 'pdf:errors.empty' });
    await expect(compressPdf(hostile.truncated, SETTINGS)).rejects.toMatchObject({ key: 'pdf:errors.damaged' });
  });
});
