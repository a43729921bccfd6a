import { compressPdf } from '../../../engines/pdf/client';
import { int, type SettingsSchema } from '../../../lib/settings-schema';
import type { JobContext, JobOutput } from '../../../runtime/jobs';

export interface CompressSettings {
  /** Pictures shown sharper than this (× 1.5) are scaled down to it. */
  dpi: number;
  /** JPEG quality of re-encoded pictures. */
  quality: number;
}

export const COMPRESS_DEFAULTS: CompressSettings = { dpi: 150, quality: 77 };
export const COMPRESS_SCHEMA: SettingsSchema<CompressSettings> = { dpi: int(50, 600), quality: int(10, 100) };

export async function compressJob(file: File, settings: CompressSettings, ctx: JobContext): Promise<JobOutput> {
  const result = await compressPdf(file, settings, ctx);
  const note = result.keptOriginal ? 'pdf-compress:keptOriginal' : result.repaired ? 'pdf:notes.repaired' : undefined;
  return {
    blob: result.keptOriginal ? file : new Blob([result.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
    name: result.keptOriginal ? file.name : file.name.replace(/(\.pdf)?$/i, '-compressed.pdf'),
    facts: { format: 'PDF', pages: result.pages, ...(note ? { note } : {}) },
  };
}
