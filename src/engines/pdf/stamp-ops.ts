// Page numbers and a text watermark, added as new content streams after each chosen page's own (wrapped in q/Q so
// the page's graphics state cannot leak into the stamp); what was on the page is not touched, so its text stays.
// Latin-1 text uses Helvetica (a standard font, not embedded); anything else uses MuPDF's built-in Droid Sans
// Fallback (Latin, Greek, Cyrillic, Chinese, Japanese, Korean), embedded and subset to the glyphs used.
import * as mupdf from 'mupdf';
import { ToolError } from '../../lib/errors';
import { openPdf } from './mupdf-ops';
import { parsePages } from './pages';

export type StampPosition = 'bottom-center' | 'bottom-right' | 'bottom-left' | 'top-center' | 'top-right' | 'top-left';

export interface StampSettings {
  /** Pages stamped, e.g. "1-3,5,8-"; empty = all. */
  pages: string;
  numbers: boolean;
  /** "{n}" = the page's number, "{total}" = the page count. */
  format: string;
  /** The number the first page of the document gets. */
  start: number;
  position: StampPosition;
  /** Font size of the page numbers, pt. */
  size: number;
  /** Empty = no watermark. */
  watermark: string;
  /** 0-1. */
  opacity: number;
  /** Degrees, counter-clockwise. */
  angle: number;
}

/** The page number text for the 0-based page `index` of `count`. */
export function pageLabel(format: string, index: number, count: number, start: number): string {
  return format.replaceAll('{n}', String(index + start)).replaceAll('{total}', String(count + start - 1));
}

const MARGIN = 28;

/** The watermark's font size: its line fits in 80 % of the page along its angle, and is at most a fifth of the page. */
export function watermarkSize(widthAt1: number, pageW: number, pageH: number, angle: number): number {
  const c = Math.abs(Math.cos(angle));
  const s = Math.abs(Math.sin(angle));
  const room = Math.min(c > 1e-6 ? pageW / c : Infinity, s > 1e-6 ? pageH / s : Infinity) * 0.8;
  return Math.max(6, Math.min(room / Math.max(widthAt1, 1e-6), Math.min(pageW, pageH) / 5));
}
const fmt = (v: number) => Number(v.toFixed(3)).toString();

interface StampFont {
  name: string;
  /** Text as a PDF string operand. */
  encode(text: string): string;
  width(text: string, size: number): number;
}

function latinFont(doc: mupdf.PDFDocument): { font: StampFont; ref: mupdf.PDFObject } {
  const font = new mupdf.Font('Helvetica');
  const ref = doc.addSimpleFont(font, 'Latin');
  const hex = (text: string) => `<${Array.from(text, (c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('')}>`;
  return {
    ref,
    font: { name: 'LkStampF', encode: hex, width: (t, size) => Array.from(t).reduce((w, c) => w + font.advanceGlyph(font.encodeCharacter(c)), 0) * size },
  };
}

function unicodeFont(doc: mupdf.PDFDocument): { font: StampFont; ref: mupdf.PDFObject } {
  const font = new mupdf.Font('zh-Hans');
  const ref = doc.addFont(font);
  const gids = (t: string) => Array.from(t, (c) => font.encodeCharacter(c));
  return {
    ref,
    font: {
      name: 'LkStampU',
      encode: (t) => `<${gids(t).map((g) => g.toString(16).padStart(4, '0')).join('')}>`,
      width: (t, size) => gids(t).reduce((w, g) => w + font.advanceGlyph(g), 0) * size,
    },
  };
}

function subDictionary(doc: mupdf.PDFDocument, parent: mupdf.PDFObject, key: string): mupdf.PDFObject {
  const found = parent.get(key);
  if (found.isDictionary()) return found;
  const made = doc.newDictionary();
  parent.put(key, made);
  return made;
}

const latin1 = (s: string) => /^[\x20-\x7e\xa0-\xff]*$/.test(s);

export function stampPdf(bytes: Uint8Array, settings: StampSettings, onPage: (done: number, total: number) => void = () => {}): { bytes: Uint8Array; pages: number; stamped: number; repaired: boolean } {
  const { doc, repaired } = openPdf(bytes);
  const count = doc.countPages();
  const indices = [...new Set(parsePages(settings.pages, count))];
  const watermark = settings.watermark.trim();
  if (!settings.numbers && watermark === '') throw new ToolError('pdf-stamp:errors.nothing');
  const labels = indices.map((i) => (settings.numbers ? pageLabel(settings.format, i, count, settings.start) : ''));
  const unicode = !latin1(watermark) || labels.some((l) => !latin1(l));
  const { font, ref: fontRef } = unicode ? unicodeFont(doc) : latinFont(doc);
  const opacity = Math.max(0, Math.min(1, settings.opacity));
  const gs = doc.addObject({ Type: 'ExtGState', ca: opacity, CA: opacity });
  const open = doc.addStream('q\n', {});
  indices.forEach((i, k) => {
    let pageObj: mupdf.PDFObject;
    let box: number[];
    try {
      pageObj = doc.findPage(i);
      const b = pageObj.getInheritable('CropBox').isArray() ? pageObj.getInheritable('CropBox') : pageObj.getInheritable('MediaBox');
      box = [0, 1, 2, 3].map((j) => b.get(j).asNumber());
    } catch {
      throw new ToolError('pdf:errors.damagedPage', { page: i + 1 });
    }
    const [x0, y0, x1, y1] = [Math.min(box[0], box[2]), Math.min(box[1], box[3]), Math.max(box[0], box[2]), Math.max(box[1], box[3])];
    let ops = `Q\nq\n`;
    if (watermark !== '') {
      const a = (settings.angle * Math.PI) / 180;
      const size = watermarkSize(font.width(watermark, 1), x1 - x0, y1 - y0, a);
      const w = font.width(watermark, size);
      const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
      ops += `q /LkStampGS gs 0.5 g BT /${font.name} ${fmt(size)} Tf ${fmt(Math.cos(a))} ${fmt(Math.sin(a))} ${fmt(-Math.sin(a))} ${fmt(Math.cos(a))} ${fmt(cx)} ${fmt(cy)} Tm ${fmt(-w / 2)} ${fmt(-size / 3)} Td ${font.encode(watermark)} Tj ET Q\n`;
    }
    if (settings.numbers) {
      const size = Math.max(4, settings.size);
      const w = font.width(labels[k], size);
      const [v, h] = settings.position.split('-');
      const x = h === 'left' ? x0 + MARGIN : h === 'right' ? x1 - MARGIN - w : (x0 + x1 - w) / 2;
      const y = v === 'top' ? y1 - MARGIN - size : y0 + MARGIN;
      ops += `q 0 g BT /${font.name} ${fmt(size)} Tf ${fmt(x)} ${fmt(y)} Td ${font.encode(labels[k])} Tj ET Q\n`;
    }
    ops += 'Q\n';
    // The page's own resources (a copy when they were inherited), with our font and transparency added.
    let resources = pageObj.get('Resources');
    if (resources.isNull()) {
      const inherited = pageObj.getInheritable('Resources');
      resources = doc.newDictionary();
      if (!inherited.isNull()) inherited.forEach((v, key) => resources.put(key, v));
      pageObj.put('Resources', resources);
    }
    subDictionary(doc, resources, 'Font').put(font.name, fontRef);
    subDictionary(doc, resources, 'ExtGState').put('LkStampGS', gs);
    const contents = pageObj.get('Contents');
    const list = doc.newArray();
    list.push(open);
    if (contents.isArray()) contents.forEach((c) => list.push(c));
    else if (!contents.isNull()) list.push(contents);
    list.push(doc.addStream(`${ops}`, {}));
    pageObj.put('Contents', list);
    onPage(k + 1, indices.length);
  });
  if (unicode) doc.subsetFonts();
  let out: Uint8Array;
  try {
    out = doc.saveToBuffer('garbage=compact,compress,objstms=yes').asUint8Array().slice();
  } catch {
    throw new ToolError('pdf:errors.damaged');
  }
  return { bytes: out, pages: count, stamped: indices.length, repaired };
}
