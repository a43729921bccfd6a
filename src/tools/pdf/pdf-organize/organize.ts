import { organizePdf } from '../../../engines/pdf/client';
import { replaceExtension } from '../../../lib/download';
import { text, type SettingsSchema } from '../../../lib/settings-schema';
import type { PageSlot } from '../../../kit/pageSlots';
import type { JobContext, JobOutput } from '../../../runtime/jobs';

/** What a preset keeps: the typed order (e.g. "2, 1, 3-" for documents that all need the same change). */
export interface OrganizePreset {
  pages: string;
}
export const PRESET_DEFAULTS: OrganizePreset = { pages: '' };
export const PRESET_SCHEMA: SettingsSchema<OrganizePreset> = { pages: text(5000) };

/** Writes `file` with its pages as `slots` says (no plan yet: every page as it is), by object copy. */
export async function organizeJob(file: File, slots: PageSlot[] | undefined, ctx: JobContext): Promise<JobOutput> {
  const result = await organizePdf(file, slots ? slots.map(({ page, rotate }) => ({ page, rotate })) : null, ctx);
  return {
    blob: new Blob([result.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
    name: `${replaceExtension(file.name, '').replace(/\.$/, '')}-organized.pdf`,
    facts: { format: 'PDF', pages: result.pages, ...(result.repaired ? { note: 'pdf:notes.repaired' } : {}) },
  };
}
