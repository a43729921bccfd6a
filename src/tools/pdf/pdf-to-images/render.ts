import { createZip } from '../../../engines/zip';
import { renderPdfPages } from '../../../engines/pdf/client';
import { replaceExtension } from '../../../lib/download';
import { int, oneOf, text, type SettingsSchema } from '../../../lib/settings-schema';
import type { JobContext, JobOutput } from '../../../runtime/jobs';

export interface RenderSettings {
  format: 'png' | 'jpeg';
  dpi: number;
  quality: number;
  /** "1-3,5"; empty = every page. */
  pages: string;
}

export const RENDER_DEFAULTS: RenderSettings = { format: 'png', dpi: 150, quality: 85, pages: '' };
export const RENDER_SCHEMA: SettingsSchema<RenderSettings> = { format: oneOf(['png', 'jpeg']), dpi: int(36, 600), quality: int(1, 100), pages: text(500) };

/** The chosen pages as pictures at the chosen DPI: one page comes out as the picture, several as a ZIP. */
export async function renderJob(file: File, settings: RenderSettings, ctx: JobContext): Promise<JobOutput> {
  const { format, dpi, quality, pages } = settings;
  const list = await renderPdfPages(file, pages, { format, dpi, quality }, ctx);
  const ext = format === 'png' ? 'png' : 'jpg';
  const type = format === 'png' ? 'image/png' : 'image/jpeg';
  const base = replaceExtension(file.name, '').replace(/\.$/, '');
  const image = (p: (typeof list)[number]) => new Blob([p.bytes as Uint8Array<ArrayBuffer>], { type });
  if (list.length === 1) {
    const [p] = list;
    return { blob: image(p), name: `${base}-p${p.page}.${ext}`, facts: { format: ext.toUpperCase(), width: p.width, height: p.height } };
  }
  const zip = await createZip(list.map((p) => ({ name: `${base}-p${p.page}.${ext}`, blob: image(p) })));
  return { blob: zip, name: replaceExtension(file.name, 'zip'), facts: { format: `ZIP · ${ext.toUpperCase()}`, files: list.length } };
}
