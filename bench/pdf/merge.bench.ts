// `npx vitest run --config bench/pdf/vitest.config.ts bench/pdf/merge.bench.ts`: merging two 500-page PDFs with the
// engine's mergePdfs (MuPDF.js, the code the worker runs) against qpdf's `--empty --pages` on the same files, same run;
// bookmarks and page labels of the output checked with qpdf --json.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DEBIAN_PDFS, pdfPages, qpdfCheck, readPdf, saveTemp, scratch } from '../../src/engines/pdf/fixtures.testing';
import { mergePdfs } from '../../src/engines/pdf/mupdf-ops';

const RUNS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * 500 pages of a Debian manual, its copies put together by mergePdfs itself, so each 500-page input carries every
 * copy's bookmarks (under an entry per copy) and page labels, as a long real document would.
 */
function fiveHundred(name: string, src: string, pages: number): string {
  const whole = Math.floor(500 / pages);
  const part = (range: string, k: number) => ({ bytes: readPdf(src), name: `copy ${k + 1}.pdf`, pages: range });
  const parts = [...Array.from({ length: whole }, (_, k) => part('', k)), part(`1-${500 - whole * pages}`, whole)];
  return saveTemp(name, mergePdfs(parts, { nestOutlines: true }).bytes);
}

type Outline = { kids: Outline[] };
const count = (items: Outline[]): number => items.reduce((n, o) => n + 1 + count(o.kids), 0);
const qpdfJson = (file: string, key: string) => JSON.parse(execFileSync('qpdf', ['--json', `--json-key=${key}`, file], { encoding: 'utf8', maxBuffer: 1 << 28 })) as Record<string, unknown>;
/** Bookmarks (qpdf --json outlines, all levels) and each page's label as qpdf reads it. */
const nav = (file: string) => ({
  bookmarks: count(qpdfJson(file, 'outlines').outlines as Outline[]),
  labels: (qpdfJson(file, 'pages').pages as { label: unknown }[]).map((p) => JSON.stringify(p.label)),
});

it('merges two 500-page PDFs: time against qpdf --empty --pages', () => {
  const a = fiveHundred('a500.pdf', DEBIAN_PDFS.mime, 17);
  const b = fiveHundred('b500.pdf', DEBIAN_PDFS.tasn1, 36);
  expect([pdfPages(a), pdfPages(b)]).toEqual([500, 500]);
  const qpdfOut = path.join(scratch(), 'q1000.pdf');
  const qpdfMs: number[] = [];
  const oursMs: number[] = [];
  let bytes = new Uint8Array();
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    execFileSync('qpdf', ['--empty', '--pages', a, b, '--', qpdfOut]);
    qpdfMs.push(performance.now() - t);
    const parts = [{ bytes: readPdf(a), name: 'a500.pdf', pages: '' }, { bytes: readPdf(b), name: 'b500.pdf', pages: '' }];
    t = performance.now();
    bytes = mergePdfs(parts, { nestOutlines: true }).bytes;
    oursMs.push(performance.now() - t);
  }
  const out = saveTemp('ours1000.pdf', bytes);
  expect(qpdfCheck(out)).toContain('No syntax or stream encoding errors');
  expect(pdfPages(out)).toBe(1000);
  // Bookmarks: both inputs' all kept, plus one entry per input named after it; page labels: each page keeps its own.
  const [na, nb, no] = [nav(a), nav(b), nav(out)];
  expect(no.bookmarks).toBe(na.bookmarks + nb.bookmarks + 2);
  expect(no.labels).toEqual([...na.labels, ...nb.labels]);
  console.log(`bookmarks ${na.bookmarks} + ${nb.bookmarks} (+2) = ${no.bookmarks}; labelled pages ${no.labels.filter((l) => l !== 'null').length} of 1000`);
  const [q, o] = [median(qpdfMs), median(oursMs)];
  console.log(`two 500-page PDFs: qpdf --empty --pages ${q.toFixed(0)} ms (${readPdf(qpdfOut).length} B), mergePdfs ${o.toFixed(0)} ms (${bytes.length} B), ratio ${(o / q).toFixed(2)}; runs qpdf ${qpdfMs.map((x) => x.toFixed(0)).join('/')}, ours ${oursMs.map((x) => x.toFixed(0)).join('/')}`);
});
