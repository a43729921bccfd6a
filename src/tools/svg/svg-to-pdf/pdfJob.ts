import type { JobRunner } from '../../../kit/jobs';
import { readSvgFile } from '../../../engines/svg/parse';
import { replaceExtension } from '../../../lib/download';
import type { PdfSettings } from './layout';
import { svgsToPdf } from './pdf';

export const pdfKey = (s: PdfSettings) => JSON.stringify(s.paper === 'svg' ? ['svg'] : [s.paper, s.orientation, s.margin]);

export const pdfJob: JobRunner<PdfSettings> = async (file, settings, ctx) => {
  ctx.onProgress({ kind: 'indeterminate' });
  const { blob, textImages } = await svgsToPdf([await readSvgFile(file)], settings);
  return { blob, name: replaceExtension(file.name, 'pdf'), facts: { format: 'PDF', settings: pdfKey(settings), ...(textImages ? { textImages } : {}) } };
};
