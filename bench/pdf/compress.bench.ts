// Our PDF compressor against Ghostscript's `-dPDFSETTINGS=/ebook` on the same files, in the same run: bytes, and the
// rendered quality of both against the input's rendering (pdftoppm 150 dpi; butteraugli's max distance, lower is
// better; ImageMagick PSNR in dB, higher is better), the worst page of the first `PAGES` pages. Every output must
// pass qpdf --check and keep the text (pdftotext). BENCH_QUALITY / BENCH_DPI override the tool's defaults.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { it } from 'vitest';
import { loadCodecWasmInNode } from '../../src/engines/codecs/node-wasm.testing';
import { compressPdf } from '../../src/engines/pdf/compress-ops';
import { COMPRESS_DEFAULTS } from '../../src/tools/pdf/pdf-compress/compress';
import { SCAN_SOURCES, scannedPdf } from '../../src/engines/pdf/scanned.testing';

const PAGES = 3;
const dir = mkdtempSync(path.join(tmpdir(), 'bench-pdf-'));
const settings = { dpi: Number(process.env.BENCH_DPI ?? COMPRESS_DEFAULTS.dpi), quality: Number(process.env.BENCH_QUALITY ?? COMPRESS_DEFAULTS.quality) };

function render(pdf: string, tag: string, pages: number): string[] {
  return Array.from({ length: pages }, (_, i) => {
    const out = path.join(dir, `${tag}-${i + 1}`);
    execFileSync('pdftoppm', ['-r', '150', '-f', String(i + 1), '-l', String(i + 1), '-singlefile', '-png', pdf, out]);
    return `${out}.png`;
  });
}

function butteraugli(a: string, b: string): number {
  return Number(execFileSync('butteraugli', [a, b], { encoding: 'utf8' }).trim());
}

function psnr(a: string, b: string): number {
  const r = spawnSync('compare', ['-metric', 'PSNR', a, b, 'null:'], { encoding: 'utf8' });
  const v = r.stderr.trim();
  return v === 'inf' ? Infinity : Number(v);
}

const text = (pdf: string) => execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();
const pageCount = (pdf: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]);

it('compress vs Ghostscript /ebook', async () => {
  loadCodecWasmInNode();
  const files = [
    '/usr/share/doc/libtasn1-doc/libtasn1.pdf',
    '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf',
    '/usr/share/doc/libimage-exiftool-perl/html/MIE1.1-20070121.pdf',
    scannedPdf(dir, SCAN_SOURCES),
  ];
  console.log(`settings ${JSON.stringify(settings)}; quality = worst of the first ${PAGES} pages vs the input's rendering`);
  console.log('file | input | gs /ebook | qpdf | ours | ours/gs | ours/qpdf | butteraugli gs / ours | PSNR gs / ours | ours: qpdf, text');
  for (const file of files) {
    const base = path.basename(file, '.pdf');
    const gs = path.join(dir, `${base}.gs.pdf`);
    execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dPDFSETTINGS=/ebook', `-sOutputFile=${gs}`, file]);
    // qpdf's best lossless rewrite: object streams, every Flate stream recompressed at level 9.
    const qp = path.join(dir, `${base}.qpdf.pdf`);
    execFileSync('qpdf', ['--object-streams=generate', '--recompress-flate', '--compression-level=9', file, qp]);
    const t = performance.now();
    const result = await compressPdf(new Uint8Array(readFileSync(file)), settings);
    const ms = Math.round(performance.now() - t);
    const ours = path.join(dir, `${base}.ours.pdf`);
    writeFileSync(ours, result.bytes);
    const pages = Math.min(PAGES, pageCount(file));
    const [src, g, o] = [render(file, `${base}-in`, pages), render(gs, `${base}-gs`, pages), render(ours, `${base}-ours`, pages)];
    const worst = (f: (a: string, b: string) => number, of: string[], max: boolean) => {
      const v = src.map((s, i) => f(s, of[i]));
      return max ? Math.max(...v) : Math.min(...v);
    };
    const qpdf = spawnSync('qpdf', ['--check', ours]).status === 0 ? 'ok' : 'FAIL';
    const sameText = text(ours) === text(file) ? 'same' : 'DIFFERENT';
    const size = (f: string) => readFileSync(f).byteLength;
    console.log(
      [
        base,
        size(file),
        size(gs),
        size(qp),
        `${result.bytes.byteLength}${result.keptOriginal ? ' (kept)' : ''}`,
        (result.bytes.byteLength / size(gs)).toFixed(3),
        (result.bytes.byteLength / size(qp)).toFixed(3),
        `${worst(butteraugli, g, true).toFixed(2)} / ${worst(butteraugli, o, true).toFixed(2)}`,
        `${worst(psnr, g, false).toFixed(2)} / ${worst(psnr, o, false).toFixed(2)}`,
        `${qpdf}, ${sameText}, ${result.images.rewritten}/${result.images.total} pictures, ${result.fonts.converted}/${result.fonts.total} Type 1 fonts as CFF, ${ms} ms`,
      ].join(' | '),
    );
  }
});
