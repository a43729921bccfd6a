// Organise: a PDF's pages in a new order, turned, deleted, with blank pages put in, written by object copy on MuPDF
// (rearrangePages keeps the kept pages' objects, the outline entries that point at them and the document's
// metadata; nothing is redrawn, so the text of a kept page is unchanged). Also the grid's side: page sizes and
// thumbnails of a document kept open in the worker.
import * as mupdf from 'mupdf';
import { ToolError } from '../../lib/errors';
import { checkPages, openPdf, renderPage, type PdfResult } from './mupdf-ops';

const SAVE = 'garbage=compact,compress,objstms=yes';

/** One page of the output: a page of the input (0-based) or a blank page, turned clockwise by `rotate` degrees more. */
export interface PlanSlot {
  page: number | null;
  rotate: number;
}

/** A page as a reader shows it: size in points after its own /Rotate, and that rotation. */
export interface PageInfo {
  width: number;
  height: number;
  rotate: number;
}

const A4: [number, number] = [595.28, 841.89];
const norm = (deg: number) => (((Math.round(deg / 90) * 90) % 360) + 360) % 360;

function rectOf(obj: mupdf.PDFObject): [number, number, number, number] | null {
  if (!obj.isArray() || obj.length !== 4) return null;
  const r = [0, 1, 2, 3].map((i) => obj.get(i).asNumber());
  return r.every(Number.isFinite) ? (r as [number, number, number, number]) : null;
}

/** Size and rotation of each page from the page objects (no page is loaded or parsed: fast on 500 pages). */
export function pageInfos(doc: mupdf.PDFDocument): PageInfo[] {
  const out: PageInfo[] = [];
  const count = doc.countPages();
  for (let i = 0; i < count; i++) {
    let box: [number, number, number, number] | null = null;
    let rotate = 0;
    try {
      const page = doc.findPage(i);
      box = rectOf(page.getInheritable('CropBox')) ?? rectOf(page.getInheritable('MediaBox'));
      rotate = norm(page.getInheritable('Rotate').asNumber() || 0);
    } catch {
      // A page that cannot be found still gets a card; drawing or writing it names the damage.
    }
    const w = box ? Math.abs(box[2] - box[0]) : A4[0];
    const h = box ? Math.abs(box[3] - box[1]) : A4[1];
    out.push(rotate % 180 === 0 ? { width: w, height: h, rotate } : { width: h, height: w, rotate });
  }
  return out;
}

/**
 * Writes the plan: pages in the order of `slots`, each turned by its /Rotate (never redrawn), blanks as big as the
 * page before. No plan (null): every page as it is.
 */
export function organizePdf(bytes: Uint8Array, plan: PlanSlot[] | null, onPage?: (done: number, total: number) => void): PdfResult {
  const { doc, repaired } = openPdf(bytes);
  const count = doc.countPages();
  const slots = plan ?? Array.from({ length: count }, (_, page) => ({ page, rotate: 0 }));
  for (const slot of slots) {
    if (slot.page !== null && (!Number.isInteger(slot.page) || slot.page < 0 || slot.page >= count)) {
      throw new ToolError('pdf:errors.pagesRange', { part: String((slot.page ?? 0) + 1), count });
    }
  }
  const sources = slots.flatMap((s) => (s.page === null ? [] : [s.page]));
  if (sources.length === 0) throw new ToolError('pdf:errors.organizeEmpty');
  const keep = [...new Set(sources)];
  checkPages(doc, keep);
  const infos = pageInfos(doc);

  try {
    doc.rearrangePages(keep);
  } catch {
    throw new ToolError('pdf:errors.damaged');
  }
  const placed = new Map<number, mupdf.PDFObject>();
  const shown = (k: number): PageInfo | null => {
    const s = slots[k];
    if (s?.page == null) return null;
    const info = infos[s.page];
    const turn = norm(s.rotate) % 180 === 0;
    return { width: turn ? info.width : info.height, height: turn ? info.height : info.width, rotate: 0 };
  };
  slots.forEach((slot, p) => {
    let rotate: number;
    if (slot.page === null) {
      // As big (and as turned) as the nearest page of the document before it, or after it.
      let near: PageInfo | null = null;
      for (let k = p - 1; k >= 0 && !near; k--) near = shown(k);
      for (let k = p + 1; k < slots.length && !near; k++) near = shown(k);
      const [w, h] = near ? [near.width, near.height] : A4;
      doc.insertPage(p, doc.addPage([0, 0, Number(w.toFixed(2)), Number(h.toFixed(2))], 0, {}, ''));
      rotate = norm(slot.rotate);
    } else {
      const first = placed.get(slot.page);
      if (first) {
        // The same page again: a new page object sharing its contents and resources. Annotations belong to one
        // page each (their /P), so the copy has none.
        const copy = doc.newDictionary();
        first.forEach((value, key) => {
          if (key !== 'Parent' && key !== 'Annots') copy.put(key, value);
        });
        doc.insertPage(p, doc.addObject(copy));
      } else {
        placed.set(slot.page, doc.findPage(p));
      }
      rotate = norm(infos[slot.page].rotate + slot.rotate);
    }
    const page = doc.findPage(p);
    if (norm(page.getInheritable('Rotate').asNumber() || 0) !== rotate) page.put('Rotate', rotate);
    onPage?.(p + 1, slots.length);
  });
  let out: Uint8Array;
  try {
    out = doc.saveToBuffer(SAVE).asUint8Array().slice();
  } catch {
    throw new ToolError('pdf:errors.damaged');
  }
  return { bytes: out, pages: slots.length, repaired };
}

/** Thumbnails `width` px wide as PNG; a page that cannot be drawn comes back as null (its card says so). */
export function thumbnails(doc: mupdf.PDFDocument, pages: number[], width: number): { page: number; png: Uint8Array | null }[] {
  return pages.map((page) => {
    try {
      return { page, png: renderPage(doc, page, width).png };
    } catch {
      return { page, png: null };
    }
  });
}
