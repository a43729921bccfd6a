import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import * as mupdf from 'mupdf';
import { DEBIAN_PDFS, hostilePdfs, pdfPages, pdfText, qpdfCheck, readPdf, saveTemp } from './fixtures.testing';
import { organizePdf, pageInfos, thumbnails } from './organize-ops';

const mime = readPdf(DEBIAN_PDFS.mime);
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const page = (file: string, n: number) => squash(pdfText(file, n, n));
/** pdfinfo's "Page N rot: R" for each page. */
const rotations = (file: string) =>
  [...execFileSync('pdfinfo', ['-f', '1', '-l', '999', file], { encoding: 'latin1' }).matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((m) => Number(m[1]));

describe('organizePdf', () => {
  it('reorders, turns, deletes and puts in a blank page; qpdf, pdfinfo and pdftotext agree', () => {
    const result = organizePdf(mime, [
      { page: 2, rotate: 0 },
      { page: 0, rotate: 90 },
      { page: null, rotate: 0 },
      { page: 1, rotate: 270 },
      { page: 16, rotate: 180 },
    ]);
    const file = saveTemp('organized.pdf', result.bytes);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    expect(result.pages).toBe(5);
    expect(pdfPages(file)).toBe(5);
    expect(rotations(file)).toEqual([0, 90, 0, 270, 180]);
    expect(page(file, 1)).toBe(page(DEBIAN_PDFS.mime, 3));
    expect(page(file, 2)).toBe(page(DEBIAN_PDFS.mime, 1));
    expect(page(file, 3)).toBe('');
    expect(page(file, 4)).toBe(page(DEBIAN_PDFS.mime, 2));
    expect(page(file, 5)).toBe(page(DEBIAN_PDFS.mime, 17));
    // The blank page is as big as the page before it as shown (page 1, turned: landscape).
    const sizes = execFileSync('pdfinfo', ['-f', '2', '-l', '3', file], { encoding: 'latin1' });
    const size = (n: number) => new RegExp(`Page\\s+${n} size:\\s+([\\d.]+) x ([\\d.]+)`).exec(sizes)!.slice(1).map(Number);
    const [w, h] = size(2);
    const [bw, bh] = size(3);
    expect(bw).toBeCloseTo(h, 1);
    expect(bh).toBeCloseTo(w, 1);
    expect(bw).toBeGreaterThan(bh);
  });

  it('writes a page named twice as two page objects, so qpdf finds no shared page', () => {
    const file = saveTemp('twice.pdf', organizePdf(mime, [{ page: 0, rotate: 0 }, { page: 0, rotate: 90 }, { page: 4, rotate: 0 }]).bytes);
    const check = qpdfCheck(file);
    expect(check).toContain('No syntax or stream encoding errors');
    expect(check).not.toMatch(/more than once/);
    expect(rotations(file)).toEqual([0, 90, 0]);
    expect(page(file, 2)).toBe(page(DEBIAN_PDFS.mime, 1));
  });

  it('keeps the existing /Rotate of a page and adds to it', () => {
    const turned = saveTemp('turned.pdf', organizePdf(mime, [{ page: 0, rotate: 90 }, { page: 1, rotate: 0 }]).bytes);
    const again = saveTemp('again.pdf', organizePdf(readPdf(turned), [{ page: 1, rotate: 0 }, { page: 0, rotate: 270 }]).bytes);
    expect(rotations(again)).toEqual([0, 0]);
    expect(page(again, 2)).toBe(page(DEBIAN_PDFS.mime, 1));
  });

  it('refuses a plan without a page of the document, pages it lacks, and hostile input with translated keys', () => {
    expect(() => organizePdf(mime, [])).toThrow(expect.objectContaining({ key: 'pdf:errors.organizeEmpty' }));
    expect(() => organizePdf(mime, [{ page: null, rotate: 0 }])).toThrow(expect.objectContaining({ key: 'pdf:errors.organizeEmpty' }));
    expect(() => organizePdf(mime, [{ page: 17, rotate: 0 }])).toThrow(expect.objectContaining({ key: 'pdf:errors.pagesRange', params: { part: '18', count: 17 } }));
    const hostile = hostilePdfs();
    expect(() => organizePdf(hostile.truncated, [{ page: 0, rotate: 0 }])).toThrow(expect.objectContaining({ key: 'pdf:errors.damaged' }));
    expect(() => organizePdf(hostile.zero, [{ page: 0, rotate: 0 }])).toThrow(expect.objectContaining({ key: 'pdf:errors.empty' }));
    expect(() => organizePdf(hostile.loop, [{ page: 0, rotate: 0 }])).toThrow(expect.objectContaining({ key: 'pdf:errors.damagedPage' }));
  });
});

describe('the grid side', () => {
  it('reads page sizes as shown, and draws thumbnails (a page that cannot be drawn is null)', () => {
    const doc = new mupdf.PDFDocument(mime);
    const infos = pageInfos(doc);
    expect(infos).toHaveLength(17);
    expect(infos[0]).toEqual({ width: expect.closeTo(609.71, 1), height: expect.closeTo(789.04, 1), rotate: 0 });
    const [thumb] = thumbnails(doc, [3], 120);
    expect(thumb.page).toBe(3);
    expect(Array.from(thumb.png!.subarray(1, 4), (c) => String.fromCharCode(c)).join('')).toBe('PNG');
    const loop = new mupdf.PDFDocument(hostilePdfs().loop);
    expect(thumbnails(loop, [0], 120)).toEqual([{ page: 0, png: null }]);
  });
});
