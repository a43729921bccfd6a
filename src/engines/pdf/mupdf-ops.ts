// What the PDF tools do, on MuPDF (mupdf, MuPDF.js: AGPL-3.0 like Localkit). Bytes in, bytes out, no DOM: the worker
// runs it in the browser and Vitest runs it in Node on real PDFs. Pages are copied as objects (graftPage), never
// redrawn; nothing in an input is run (MuPDF's JavaScript stays off and no action is followed).
import * as mupdf from 'mupdf';
import { ToolError } from '../../lib/errors';
import { writeNavigation, type NavSource } from './merge-nav';
import { parsePages } from './pages';

/** How output is written: unused objects dropped, streams compressed, small objects packed into object streams.
 * An object, not MuPDF's comma-separated option string: MuPDF.js hands an object over as JSON, so a value (a password)
 * may hold commas, equals signs and any Unicode. */
const SAVE = { garbage: 'compact', compress: 'yes', objstms: 'yes' };
type SaveOptions = Record<string, string>;

export interface OpenedPdf {
  doc: mupdf.PDFDocument;
  /** MuPDF rebuilt a damaged cross-reference table to read it. */
  repaired: boolean;
  /** The file is encrypted with a user password (asked once: MuPDF's needsPassword() after a successful
   * authenticatePassword() resets the decryption, and what is saved then is garbage). */
  locked: boolean;
}

/** Opens a PDF or throws a ToolError that says what is wrong: empty, not a PDF, damaged, or locked. */
export function openPdf(bytes: Uint8Array, password?: string, { ifLocked = 'refuse' }: { ifLocked?: 'refuse' | 'open' } = {}): OpenedPdf {
  if (bytes.byteLength === 0) throw new ToolError('pdf:errors.empty');
  if (!looksLikePdf(bytes)) throw new ToolError('pdf:errors.notPdf');
  let doc: mupdf.PDFDocument;
  try {
    doc = new mupdf.PDFDocument(bytes);
  } catch {
    throw new ToolError('pdf:errors.damaged');
  }
  const locked = doc.needsPassword();
  if (locked) {
    if (password === undefined || password === '') {
      if (ifLocked === 'refuse') throw new ToolError('pdf:errors.encrypted');
    } else if (doc.authenticatePassword(password) === 0) {
      throw new ToolError('pdf:errors.wrongPassword');
    }
  }
  let count: number;
  try {
    count = doc.countPages();
  } catch {
    throw new ToolError('pdf:errors.damaged');
  }
  if (count < 1) throw new ToolError('pdf:errors.damaged');
  return { doc, repaired: doc.wasRepaired(), locked };
}

/** "%PDF-" within the first KB, as readers allow (some files carry a few bytes of junk first). */
function looksLikePdf(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

/** Loads every page named, so a page that cannot be read (a loop in the page tree, a missing object) fails here. */
export function checkPages(doc: mupdf.PDFDocument, indices: number[]): void {
  for (const i of indices) {
    try {
      doc.loadPage(i).getBounds();
    } catch {
      throw new ToolError('pdf:errors.damagedPage', { page: i + 1 });
    }
  }
}

function save(doc: mupdf.PDFDocument, options: SaveOptions = SAVE): Uint8Array {
  try {
    return doc.saveToBuffer(options).asUint8Array().slice();
  } catch {
    throw new ToolError('pdf:errors.damaged');
  }
}

export interface MergePart {
  bytes: Uint8Array;
  name: string;
  /** e.g. "1-3,5,8-"; empty = every page. */
  pages: string;
}

export interface PdfResult {
  bytes: Uint8Array;
  pages: number;
  repaired: boolean;
}

export interface MergeOptions {
  /** Each input's bookmarks under one named after its file (false: side by side at the top). */
  nestOutlines: boolean;
}

/** One PDF of the parts' chosen pages, in order, with their bookmarks, named destinations, links and page labels.
 * An error names the part it came from (param `file`). */
export function mergePdfs(parts: MergePart[], options: MergeOptions = { nestOutlines: true }, onPage?: (done: number, total: number) => void): PdfResult {
  if (parts.length === 0) throw new ToolError('pdf:errors.noFiles');
  const sources = parts.map((part) => {
    try {
      const { doc, repaired } = openPdf(part.bytes);
      const indices = parsePages(part.pages, doc.countPages());
      checkPages(doc, indices);
      return { doc, repaired, indices };
    } catch (error) {
      throw withFile(error, part.name);
    }
  });
  const total = sources.reduce((n, s) => n + s.indices.length, 0);
  const out = new mupdf.PDFDocument();
  let done = 0;
  const nav: NavSource[] = sources.map((source, k) => {
    // One graft map per source: objects shared by its pages (fonts, images) are copied once.
    const map = out.newGraftMap();
    const placed = source.indices.map((i) => {
      try {
        map.graftPage(-1, source.doc, i);
      } catch {
        throw withFile(new ToolError('pdf:errors.damagedPage', { page: i + 1 }), parts[k].name);
      }
      done++;
      onPage?.(done, total);
      return { from: i, to: done - 1 };
    });
    return { doc: source.doc, name: parts[k].name, map, placed };
  });
  writeNavigation(out, nav, options);
  return { bytes: save(out), pages: total, repaired: sources.some((s) => s.repaired) };
}

function withFile(error: unknown, file: string): unknown {
  return error instanceof ToolError ? new ToolError(`${error.key}InFile`, { ...error.params, file }) : error;
}

/** A new PDF of `indices` (0-based) of `doc`, in that order. */
export function extractPages(doc: mupdf.PDFDocument, indices: number[]): Uint8Array {
  checkPages(doc, indices);
  const out = new mupdf.PDFDocument();
  const map = out.newGraftMap();
  for (const i of indices) map.graftPage(-1, doc, i);
  return save(out);
}

/** Encrypts with AES-256 (PDF 2.0 / revision 6). `allow` lists what readers may still do without the owner password. */
export function protectPdf(bytes: Uint8Array, password: string, allow: { print: boolean; copy: boolean; edit: boolean }): PdfResult {
  if (password === '') throw new ToolError('pdf:errors.passwordEmpty');
  const { doc, repaired } = openPdf(bytes);
  // Permission bits (PDF 32000-2, table 22): 3 print, 4 modify, 5 copy, 6 annotate, 9 fill forms, 10 extract for
  // accessibility, 11 assemble, 12 high-quality print. Bits 7-8 and 13-32 are 1; bits 1-2 are 0.
  let p = ~0 & ~0b111111111100;
  if (allow.print) p |= (1 << 2) | (1 << 11);
  if (allow.edit) p |= (1 << 3) | (1 << 5) | (1 << 8) | (1 << 10);
  if (allow.copy) p |= 1 << 4;
  p |= 1 << 9; // accessibility extraction is never refused
  // With every right kept, the one password opens everything; with some refused, the owner password is random, so the
  // restrictions hold for whoever opens the file with the user's password.
  const restricted = !(allow.print && allow.copy && allow.edit);
  const owner = restricted ? randomPassword() : password;
  const out = save(doc, { ...SAVE, encrypt: 'aes-256', 'user-password': password, 'owner-password': owner, permissions: String(p) });
  return { bytes: out, pages: doc.countPages(), repaired };
}

function randomPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Removes the encryption of a PDF whose password the user gives (or that opens without one). */
export function unlockPdf(bytes: Uint8Array, password: string): PdfResult {
  const { doc, repaired, locked } = openPdf(bytes, password, { ifLocked: 'open' });
  if (locked && password === '') throw new ToolError('pdf:errors.passwordNeeded');
  if (!locked && doc.getTrailer().get('Encrypt').isNull()) throw new ToolError('pdf:errors.notEncrypted');
  return { bytes: save(doc, { ...SAVE, encrypt: 'none' }), pages: doc.countPages(), repaired };
}

export interface ImageLayout {
  size: 'a4' | 'letter' | 'fit';
  orientation: 'auto' | 'portrait' | 'landscape';
  /** Margin in millimetres. */
  margin: number;
}

const PAGE_SIZES: Record<'a4' | 'letter', [number, number]> = { a4: [595.28, 841.89], letter: [612, 792] };
const MM = 72 / 25.4;

/** Where an image of w×h pt goes on its page: page size and the image's box, scaled down to fit inside the margins. */
export function placeImage(w: number, h: number, layout: ImageLayout): { page: [number, number]; box: [number, number, number, number] } {
  const m = Math.max(0, layout.margin) * MM;
  if (layout.size === 'fit') return { page: [w + 2 * m, h + 2 * m], box: [m, m, w, h] };
  let [pw, ph] = PAGE_SIZES[layout.size];
  const landscape = layout.orientation === 'landscape' || (layout.orientation === 'auto' && w > h);
  if (landscape) [pw, ph] = [ph, pw];
  const aw = Math.max(1, pw - 2 * m);
  const ah = Math.max(1, ph - 2 * m);
  const scale = Math.min(aw / w, ah / h);
  const iw = w * scale;
  const ih = h * scale;
  return { page: [pw, ph], box: [(pw - iw) / 2, (ph - ih) / 2, iw, ih] };
}

/** One page per image, in order. JPEGs go in as they are (DCTDecode, the same bytes); other formats MuPDF reads are stored losslessly. */
export function imagesToPdf(images: { bytes: Uint8Array; name: string }[], layout: ImageLayout, onImage?: (done: number, total: number) => void): PdfResult {
  if (images.length === 0) throw new ToolError('pdf:errors.noFiles');
  const out = new mupdf.PDFDocument();
  images.forEach((image, k) => {
    let img: mupdf.Image;
    try {
      if (image.bytes.byteLength === 0) throw new Error('empty');
      img = new mupdf.Image(image.bytes);
      img.getWidth();
    } catch {
      throw new ToolError('pdf:errors.imageUnreadable', { file: image.name });
    }
    // Pixels to points at the image's own resolution (96 dpi when it names none).
    const xres = img.getXResolution() || 96;
    const yres = img.getYResolution() || 96;
    const { page, box } = placeImage((img.getWidth() * 72) / xres, (img.getHeight() * 72) / yres, layout);
    const ref = out.addImage(img);
    const resources = out.addObject({ XObject: { Im0: ref } });
    const n = (v: number) => Number(v.toFixed(3));
    const content = `q ${n(box[2])} 0 0 ${n(box[3])} ${n(box[0])} ${n(box[1])} cm /Im0 Do Q`;
    out.insertPage(-1, out.addPage([0, 0, n(page[0]), n(page[1])], 0, resources, content));
    onImage?.(k + 1, images.length);
  });
  return { bytes: save(out), pages: images.length, repaired: false };
}

/** The page count of a PDF (checks it opens). */
export function countPages(bytes: Uint8Array): number {
  return openPdf(bytes).doc.countPages();
}

/** The most pixels one rendered page may have (a 600 dpi A3 page is about 70 MP): past it, a lower DPI is asked for. */
export const MAX_PAGE_PIXELS = 80_000_000;

/** Pages drawn at `dpi` as PNG or JPEG (annotations included, as a reader shows them). */
export function renderPages(
  bytes: Uint8Array,
  pages: string,
  { dpi, format, quality }: { dpi: number; format: 'png' | 'jpeg'; quality: number },
  onPage?: (done: number, total: number) => void,
): { page: number; bytes: Uint8Array; width: number; height: number }[] {
  const { doc } = openPdf(bytes);
  const indices = parsePages(pages, doc.countPages());
  checkPages(doc, indices);
  const scale = dpi / 72;
  return indices.map((i, k) => {
    const page = doc.loadPage(i);
    const [x0, y0, x1, y1] = page.getBounds();
    if ((x1 - x0) * scale * (y1 - y0) * scale > MAX_PAGE_PIXELS) throw new ToolError('pdf:errors.tooManyPixels', { page: i + 1 });
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    const out = { page: i + 1, bytes: (format === 'png' ? pixmap.asPNG() : pixmap.asJPEG(quality)).slice(), width: pixmap.getWidth(), height: pixmap.getHeight() };
    pixmap.destroy();
    onPage?.(k + 1, indices.length);
    return out;
  });
}

/** A page drawn as PNG, `width` pixels wide (thumbnails). */
export function renderPage(doc: mupdf.PDFDocument, index: number, width: number): { png: Uint8Array; width: number; height: number } {
  const page = doc.loadPage(index);
  const [x0, , x1] = page.getBounds();
  const scale = width / Math.max(1, x1 - x0);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
  const png = pixmap.asPNG().slice();
  return { png, width: pixmap.getWidth(), height: pixmap.getHeight() };
}
