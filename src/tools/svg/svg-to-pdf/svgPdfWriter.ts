// SVG → vector PDF with jsPDF + svg2pdf.js (both MIT), loaded on first use. In the page: svg2pdf walks
// an SVG DOM. The SVG is sanitised first, so it can reference nothing outside itself.
import type { jsPDF } from 'jspdf';
import { parseSvg, serializeSvg } from '../../../engines/svg/parse';
import { prepareForDrawing } from '../../../engines/svg/prepare';
import { resolveSvgStyles } from '../../../engines/svg/resolve';
import { sanitizeSvg } from '../../../engines/svg/sanitize';
import { ToolError } from '../../../lib/errors';
import { pageLayout, type PdfSettings } from './layout';
import { startPageAsSvg } from './pageState';
import { drawWhole, rasterizeTextsBeyondLatin1 } from './rasterText';
import { svgImagesAsPng } from './svgImages';
import { rootFilter } from './unsupported';
import {
  autoEllipseRadii,
  dashedEllipsesAsPaths,
  dropForeignStyleSheets,
  dropSvgPrefixes,
  dropUnknownElements,
  dropInvisibleStrokes,
  dropUnknownKeywords,
  normalizeColours,
  roundedRectsAsPaths,
  splitFillFromStroke,
  squareCapsOfZeroLengthSubpaths,
} from './vectorFixes';

async function load() {
  const [{ jsPDF }, { svg2pdf }] = await Promise.all([import('jspdf'), import('svg2pdf.js')]);
  return { jsPDF, svg2pdf };
}

/**
 * One PDF with one page per SVG text, in order; `textImages`: text elements drawn as images (rasterText.ts);
 * `pageImages`: pages svg2pdf failed on, drawn by the browser as one image each.
 */
export async function svgsToPdf(
  texts: string[],
  settings: PdfSettings,
  onPage?: (done: number, total: number) => void,
): Promise<{ blob: Blob; textImages: number; pageImages: number; reduced?: { width: number; height: number } }> {
  const { jsPDF, svg2pdf } = await load();
  let doc: jsPDF | null = null;
  let textImages = 0;
  let pageImages = 0;
  let reduced: { width: number; height: number } | undefined;
  for (let i = 0; i < texts.length; i++) {
    const parsed = parseSvg(texts[i]);
    // Before sanitising: the sanitiser drops <foreignObject>, and a <switch> must choose among its children first.
    prepareForDrawing(parsed.root);
    // Before sanitising: it drops an SVG data URL, and svg2pdf embeds raster images only.
    await svgImagesAsPng(parsed.root);
    dropSvgPrefixes(parsed.doc);
    // Before sanitising too: the sanitiser would drop an unknown element but keep (and so draw) what it holds.
    dropUnknownElements(parsed.root);
    // Style resolved as for the EPS writer (resolve.ts): the cascade, inherit, currentColor, <use> instances.
    const { root, size } = parseSvg(resolveSvgStyles(sanitizeSvg(serializeSvg(parsed.doc)).svg));
    // Without a viewBox svg2pdf reads user units as points (drawing at 133 %): give it the one a browser implies.
    if (!root.hasAttribute('viewBox')) root.setAttribute('viewBox', `0 0 ${size.width} ${size.height}`);
    const page = pageLayout(size.width, size.height, settings);
    reduced ??= page.reduced;
    const format: [number, number] = [page.pageWidth, page.pageHeight];
    const orientation = page.pageWidth > page.pageHeight ? 'landscape' : 'portrait';
    if (!doc) doc = new jsPDF({ unit: 'pt', format, orientation, compress: true, putOnlyUsedFonts: true });
    else doc.addPage(format, orientation);
    if (rootFilter(root)) {
      // A filter on the root works on the whole drawing: the browser draws the page as one image, at the file's own
      // size, as the filter's lengths are CSS px of the page (a browser blurs a drawing shown twice as large half as much).
      doc.addImage(await drawWhole(root, size, 1), 'PNG', page.x, page.y, page.width, page.height);
      pageImages++;
      onPage?.(i + 1, texts.length);
      continue;
    }
    dropForeignStyleSheets(root);
    autoEllipseRadii(root);
    dashedEllipsesAsPaths(root);
    roundedRectsAsPaths(root);
    textImages += await rasterizeTextsBeyondLatin1(root, size);
    normalizeColours(root);
    dropUnknownKeywords(root);
    dropInvisibleStrokes(root);
    squareCapsOfZeroLengthSubpaths(root);
    splitFillFromStroke(root);
    startPageAsSvg(doc);
    // svg2pdf may change the tree it walks: the fallback below draws this copy.
    const intact = root.cloneNode(true) as Element;
    try {
      await svg2pdf(root, doc, { x: page.x, y: page.y, width: page.width, height: page.height });
    } catch (error) {
      // svg2pdf can fail on a drawing as a whole (it did on recursive <use>, left out by prepareForDrawing, and
      // on stroke-linejoin="arcs", removed above): the page is drawn by the browser and embedded as one image
      // instead, on a fresh page (what svg2pdf wrote is dropped).
      console.error(error);
      const png = await drawWhole(intact, size).catch(() => null);
      if (!png) throw new ToolError('svg-tools:errors.pdf');
      // svg2pdf works in jsPDF's "advanced" API mode (y down): an error leaves it on, which would flip the image.
      if (doc.isAdvancedAPI()) doc.compatAPI();
      const failed = doc.getNumberOfPages();
      doc.addPage(format, orientation);
      doc.deletePage(failed);
      doc.setPage(doc.getNumberOfPages());
      doc.addImage(png, 'PNG', page.x, page.y, page.width, page.height);
      pageImages++;
    }
    onPage?.(i + 1, texts.length);
  }
  if (!doc) throw new ToolError('svg-tools:errors.pdf');
  doc.setProperties({ creator: 'Localkit (jsPDF + svg2pdf.js)' });
  return { blob: doc.output('blob'), textImages, pageImages, reduced };
}
