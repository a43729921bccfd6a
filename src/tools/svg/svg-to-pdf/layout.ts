// Page geometry for SVG → PDF, pure: sizes in PDF points (1/72 in; CSS px = 0.75 pt).

export type PaperSize = 'svg' | 'a3' | 'a4' | 'a5' | 'letter' | 'legal';
export type Orientation = 'auto' | 'portrait' | 'landscape';

export interface PdfSettings {
  paper: PaperSize;
  orientation: Orientation;
  /** Millimetres on every side (paper sizes only). */
  margin: number;
}

export const PDF_DEFAULTS: PdfSettings = { paper: 'svg', orientation: 'auto', margin: 10 };

const MM = 72 / 25.4;
/** Portrait width × height in points. */
export const PAPER: Record<Exclude<PaperSize, 'svg'>, [number, number]> = {
  a3: [297 * MM, 420 * MM],
  a4: [210 * MM, 297 * MM],
  a5: [148 * MM, 210 * MM],
  letter: [612, 792],
  legal: [612, 1008],
};

interface PageLayout {
  pageWidth: number;
  pageHeight: number;
  /** Where the drawing goes on the page, in points. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Set when the SVG's own size is past what a PDF page can be: the size it asked for, in points. */
  reduced?: { width: number; height: number };
}

/** The largest side of a PDF page (PDF 1.7 annex C: 14 400 user units, 200 in). jsPDF would cut each side to it on its own, distorting the page. */
export const MAX_PAGE = 14400;

/** The page for an SVG of `width` × `height` CSS px: its own size, or fitted and centred on paper inside the margins. */
export function pageLayout(width: number, height: number, settings: PdfSettings): PageLayout {
  const w = width * 0.75;
  const h = height * 0.75;
  if (settings.paper === 'svg') {
    if (w <= MAX_PAGE && h <= MAX_PAGE) return { pageWidth: w, pageHeight: h, x: 0, y: 0, width: w, height: h };
    // Scaled down as a whole, keeping the proportions (never below 1 pt a side), and said so.
    const k = MAX_PAGE / Math.max(w, h);
    const [pw, ph] = [Math.max(1, w * k), Math.max(1, h * k)];
    return { pageWidth: pw, pageHeight: ph, x: 0, y: 0, width: pw, height: ph, reduced: { width: w, height: h } };
  }
  let [pw, ph] = PAPER[settings.paper];
  const landscape = settings.orientation === 'landscape' || (settings.orientation === 'auto' && w > h);
  if (landscape) [pw, ph] = [ph, pw];
  const m = Math.max(0, settings.margin) * MM;
  const aw = Math.max(1, pw - 2 * m);
  const ah = Math.max(1, ph - 2 * m);
  const s = Math.min(aw / w, ah / h);
  return { pageWidth: pw, pageHeight: ph, x: (pw - w * s) / 2, y: (ph - h * s) / 2, width: w * s, height: h * s };
}
