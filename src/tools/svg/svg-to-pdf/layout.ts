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

export interface PageLayout {
  pageWidth: number;
  pageHeight: number;
  /** Where the drawing goes on the page, in points. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The page for an SVG of `width` × `height` CSS px: its own size, or fitted and centred on paper inside the margins. */
export function pageLayout(width: number, height: number, settings: PdfSettings): PageLayout {
  const w = width * 0.75;
  const h = height * 0.75;
  if (settings.paper === 'svg') return { pageWidth: w, pageHeight: h, x: 0, y: 0, width: w, height: h };
  let [pw, ph] = PAPER[settings.paper];
  const landscape = settings.orientation === 'landscape' || (settings.orientation === 'auto' && w > h);
  if (landscape) [pw, ph] = [ph, pw];
  const m = Math.max(0, settings.margin) * MM;
  const aw = Math.max(1, pw - 2 * m);
  const ah = Math.max(1, ph - 2 * m);
  const s = Math.min(aw / w, ah / h);
  return { pageWidth: pw, pageHeight: ph, x: (pw - w * s) / 2, y: (ph - h * s) / 2, width: w * s, height: h * s };
}
