// Real PDFs for the tests: documentation from Debian packages (pdfTeX output nobody here wrote) and hostile files made
// on the spot. Judges we did not write (qpdf, poppler's pdfinfo/pdftotext/pdfimages) check what the engine writes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * libtasn1-doc (36 pages) and shared-mime-info (17 pages), pdfTeX; exiftool's MIE specification (22 pages, Mac OS X
 * Quartz, TrueType): .ci/run installs their packages.
 */
export const DEBIAN_PDFS = {
  tasn1: '/usr/share/doc/libtasn1-doc/libtasn1.pdf',
  mime: '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf',
  mie: '/usr/share/doc/libimage-exiftool-perl/html/MIE1.1-20070121.pdf',
};

export const readPdf = (file: string) => new Uint8Array(readFileSync(file));

let dir: string | undefined;
export function scratch(): string {
  dir ??= mkdtempSync(path.join(tmpdir(), 'localkit-pdf-'));
  return dir;
}

/** Writes bytes to the scratch folder and returns the path, for the judges. */
export function saveTemp(name: string, bytes: Uint8Array): string {
  const file = path.join(scratch(), name);
  writeFileSync(file, bytes);
  return file;
}

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'latin1', stdio: ['ignore', 'pipe', 'pipe'] });

export const pdfPages = (file: string, password?: string) => Number(/^Pages:\s+(\d+)/m.exec(run('pdfinfo', [...(password ? ['-upw', password] : []), file]))?.[1]);
export const pdfText = (file: string, first?: number, last?: number, password?: string) =>
  run('pdftotext', [...(first ? ['-f', String(first)] : []), ...(last ? ['-l', String(last)] : []), ...(password ? ['-upw', password] : []), '-layout', file, '-']);
/** qpdf --check passes (exit 0, or 3 = warnings only is NOT accepted). */
export function qpdfCheck(file: string, password?: string): string {
  return run('qpdf', ['--check', ...(password ? [`--password=${password}`] : []), file]);
}

/** Hostile inputs: truncated, broken cross-reference table, page tree loop, a stream declaring 2 GB, zero bytes. */
export function hostilePdfs(): Record<string, Uint8Array> {
  const mime = readPdf(DEBIAN_PDFS.mime);
  const text = new TextDecoder('latin1');
  const enc = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
  const start = text.decode(mime).lastIndexOf('startxref');
  const loop = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Pages /Kids [2 0 R] /Count 1 /Parent 2 0 R >> endobj
trailer << /Root 1 0 R /Size 4 >>
%%EOF
`;
  return {
    truncated: mime.slice(0, 60000),
    brokenXref: new Uint8Array([...mime.slice(0, start), ...enc('startxref\n999999\n%%EOF\n')]),
    loop: enc(loop),
    zero: new Uint8Array(0),
    notPdf: enc('GIF89a this is no PDF at all'),
  };
}

/** A 2 GB declared stream: MuPDF reads what is there; the page opens and the output is small. */
export const BIG_STREAM = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >> endobj
4 0 obj << /Length 2147483648 >> stream
0 0 1 rg 10 10 50 50 re f
endstream endobj
trailer << /Root 1 0 R /Size 5 >>
%%EOF
`;
