import type { JobRunner } from '../../../runtime/jobs';
import { inspectForDrawing } from '../../../engines/svg/client';
import { readSvgFile } from '../../../engines/svg/parse';
import { replaceExtension } from '../../../lib/download';
import { MAX_PAGE, type PdfSettings } from './layout';

/** The settings that change a PDF, as a key (paper 'svg' ignores orientation and margin). */
export const pdfKey = (s: PdfSettings) => JSON.stringify(s.paper === 'svg' ? ['svg'] : [s.paper, s.orientation, s.margin]);

export const pdfJob: JobRunner<PdfSettings> = async (file, settings, ctx) => {
  ctx.onProgress({ kind: 'indeterminate' });
  const text = await readSvgFile(file);
  // svg2pdf walks the SVG in the page: <use> bombs and files too large to walk quickly are refused in a worker first.
  await inspectForDrawing(text, false, ctx.signal);
  // jsPDF, svg2pdf and the PDF writer load with the first job, not with the page.
  const { svgsToPdf } = await import('./svgPdfWriter');
  const { blob, textImages, reduced } = await svgsToPdf([text], settings);
  const facts = { format: 'PDF', ...(textImages ? { textImages } : {}) };
  // A page past the PDF maximum is scaled down as a whole: the row says so (pdfNotes).
  const scaled = reduced ? { reducedWidth: Math.round(reduced.width), reducedHeight: Math.round(reduced.height), reducedPercent: +((MAX_PAGE / Math.max(reduced.width, reduced.height)) * 100).toPrecision(2) } : {};
  return { blob, name: replaceExtension(file.name, 'pdf'), facts: { ...facts, ...scaled } };
};
