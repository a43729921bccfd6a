import { createZip } from '../../../engines/zip';
import { splitPdf } from '../../../engines/pdf/client';
import { replaceExtension } from '../../../lib/download';
import { oneOf, int, text, type SettingsSchema } from '../../../lib/settings-schema';
import type { JobContext, JobOutput } from '../../../runtime/jobs';

export interface SplitSettings {
  mode: 'ranges' | 'every' | 'single';
  /** "1-3, 4-8, 9-": each comma part one file. */
  pages: string;
  every: number;
}

export const SPLIT_DEFAULTS: SplitSettings = { mode: 'single', pages: '', every: 2 };

export const SPLIT_SCHEMA: SettingsSchema<SplitSettings> = { mode: oneOf(['ranges', 'every', 'single']), pages: text(500), every: int(1, 10000) };

/** One PDF per range (or per N pages, or per page); one part comes out as a PDF, several as a ZIP. */
export async function splitJob(file: File, settings: SplitSettings, ctx: JobContext): Promise<JobOutput> {
  const { parts, repaired } = await splitPdf(file, settings.mode, settings.pages, settings.every, ctx);
  const note = repaired ? { note: 'pdf:notes.repaired' } : {};
  const partName = (first: number, last: number) => replaceExtension(file.name, '').replace(/\.$/, '') + (first === last ? `-p${first}.pdf` : `-p${first}-${last}.pdf`);
  const pdf = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
  if (parts.length === 1) return { blob: pdf(parts[0].bytes), name: partName(parts[0].first, parts[0].last), facts: { format: 'PDF', ...note } };
  const zip = await createZip(parts.map((p) => ({ name: partName(p.first, p.last), blob: pdf(p.bytes) })));
  return { blob: zip, name: replaceExtension(file.name, 'zip'), facts: { format: 'ZIP', files: parts.length, ...note } };
}
