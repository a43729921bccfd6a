import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEBIAN_PDFS, hostilePdfs, pdfPages, qpdfCheck, readPdf, saveTemp } from './fixtures.testing';
import { pageLabel, stampPdf, watermarkSize, type StampSettings } from './stamp-ops';

const BASE: StampSettings = { pages: '2-3,5', numbers: true, format: 'Page {n} of {total}', start: 1, position: 'bottom-center', size: 10, watermark: 'DRAFT', opacity: 0.3, angle: 45 };
/** pdftotext -raw: text in content-stream order, so the stamp (drawn last) comes after the page's own. */
const pdfText = (file: string, first: number, last: number) => execFileSync('pdftotext', ['-raw', '-f', String(first), '-l', String(last), file, '-'], { encoding: 'utf8' });
/** A page's text with every character of the stamp taken out and no white space: what must be left unchanged. */
const without = (text: string, stamp: string) => Array.from(text).filter((c) => !stamp.includes(c) && !/\s/.test(c)).join('');

describe('pageLabel and watermarkSize', () => {
  it('fills {n} and {total} from the start number', () => {
    expect(pageLabel('Page {n} of {total}', 0, 9, 1)).toBe('Page 1 of 9');
    expect(pageLabel('{n}/{total}', 2, 10, 5)).toBe('7/14');
    expect(pageLabel('第 {n} 页', 0, 3, 1)).toBe('第 1 页');
  });
  it('fits the watermark on the page along its angle', () => {
    expect(watermarkSize(3, 600, 800, 0)).toBeCloseTo(120);
    expect(watermarkSize(10, 600, 800, 0)).toBeCloseTo(48);
    const diag = watermarkSize(10, 600, 800, Math.PI / 4);
    expect(diag * 10 * Math.SQRT1_2).toBeLessThanOrEqual(600 * 0.8 + 1e-6);
  });
});

describe('stampPdf', () => {
  it('adds page numbers and a watermark to the chosen pages only; their text is the source’s plus the stamp', () => {
    const out = stampPdf(readPdf(DEBIAN_PDFS.mime), BASE);
    expect(out.stamped).toBe(3);
    const file = saveTemp('stamped.pdf', out.bytes);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    expect(pdfPages(file)).toBe(17);
    for (const p of [2, 3, 5]) {
      const text = pdfText(file, p, p);
      expect(text).toContain(`Page ${p} of 17`);
      expect(without(text, `Page ${p} of 17 DRAFT`)).toBe(without(pdfText(DEBIAN_PDFS.mime, p, p), `Page ${p} of 17 DRAFT`));
    }
    for (const p of [1, 4, 6]) expect(pdfText(file, p, p)).toBe(pdfText(DEBIAN_PDFS.mime, p, p));
  });

  it('writes Chinese, Japanese and Korean with MuPDF’s built-in Droid Sans Fallback, embedded and subset', () => {
    const stamp = { ...BASE, pages: '1', format: '第 {n} 页 / 페이지', watermark: '社外秘 機密', angle: 0 };
    const file = saveTemp('stamped-cjk.pdf', stampPdf(readPdf(DEBIAN_PDFS.tasn1), stamp).bytes);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    const text = pdfText(file, 1, 1);
    expect(text.replace(/\s/g, '')).toContain('第1页/페이지');
    expect(text.replace(/\s/g, '')).toContain('社外秘機密');
    expect(without(text, '第1页/페이지社外秘機密')).toBe(without(pdfText(DEBIAN_PDFS.tasn1, 1, 1), '第1页/페이지社外秘機密'));
    expect(execFileSync('pdffonts', ['-f', '1', '-l', '1', file], { encoding: 'utf8' })).toMatch(/\+Droid Sans Fallback[^\n]*CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it('numbers from the start number, at the position asked, and refuses bad input with a translated key', () => {
    const file = saveTemp('stamped-start.pdf', stampPdf(readPdf(DEBIAN_PDFS.mime), { ...BASE, pages: '', watermark: '', format: '{n}', start: 10, position: 'top-right' }).bytes);
    const bbox = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-bbox', file, '-'], { encoding: 'utf8' });
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>10<\/word>/.exec(bbox);
    expect(word).not.toBeNull();
    expect(Number(word![1])).toBeGreaterThan(500);
    expect(Number(word![2])).toBeLessThan(60);
    expect(() => stampPdf(readPdf(DEBIAN_PDFS.mime), { ...BASE, numbers: false, watermark: ' ' })).toThrow(expect.objectContaining({ key: 'pdf-stamp:errors.nothing' }));
    expect(() => stampPdf(readPdf(DEBIAN_PDFS.mime), { ...BASE, pages: '40' })).toThrow(expect.objectContaining({ key: 'pdf:errors.pagesRange' }));
    expect(() => stampPdf(hostilePdfs().truncated, BASE)).toThrow(expect.objectContaining({ key: 'pdf:errors.damaged' }));
  });
});
