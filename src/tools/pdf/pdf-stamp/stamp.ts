import { stampPdf } from '../../../engines/pdf/client';
import type { StampPosition, StampSettings } from '../../../engines/pdf/stamp-ops';
import { bool, int, num, oneOf, text, type SettingsSchema } from '../../../lib/settings-schema';
import type { JobContext, JobOutput } from '../../../runtime/jobs';

export type { StampSettings };

export const POSITIONS: readonly StampPosition[] = ['bottom-center', 'bottom-right', 'bottom-left', 'top-center', 'top-right', 'top-left'];

export const STAMP_DEFAULTS: StampSettings = { pages: '', numbers: true, format: 'Page {n} of {total}', start: 1, position: 'bottom-center', size: 10, watermark: '', opacity: 0.25, angle: 45 };
export const STAMP_SCHEMA: SettingsSchema<StampSettings> = {
  pages: text(200),
  numbers: bool(),
  format: text(200),
  start: int(-100000, 100000),
  position: oneOf(POSITIONS),
  size: int(4, 72),
  watermark: text(200),
  opacity: num(0, 1),
  angle: int(-180, 180),
};

export async function stampJob(file: File, settings: StampSettings, ctx: JobContext): Promise<JobOutput> {
  const result = await stampPdf(file, settings, ctx);
  return {
    blob: new Blob([result.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
    name: file.name.replace(/(\.pdf)?$/i, '-stamped.pdf'),
    facts: { format: 'PDF', pages: result.pages, ...(result.repaired ? { note: 'pdf:notes.repaired' } : {}) },
  };
}
