import { mergePdfs } from '../../../engines/pdf/client';
import type { JobContext, JobOutput } from '../../../runtime/jobs';
import type { OrderedItem } from '../../../kit/OrderedFileList';
import { bool, type SettingsSchema } from '../../../lib/settings-schema';

export interface MergeItem extends OrderedItem {
  /** e.g. "1-3,5,8-"; empty = every page. */
  pages: string;
}

export interface MergeSettings {
  /** Each file's bookmarks under one named after the file. */
  nestOutlines: boolean;
}

export const MERGE_DEFAULTS: MergeSettings = { nestOutlines: true };
export const MERGE_SCHEMA: SettingsSchema<MergeSettings> = { nestOutlines: bool() };

/** Merges the list's files, each with its page range, in the order shown; bookmarks, links and page labels kept. */
export async function mergeJob(items: MergeItem[], settings: MergeSettings, ctx: JobContext): Promise<JobOutput> {
  const result = await mergePdfs(items.map((i) => ({ blob: i.file, name: i.file.name, pages: i.pages })), { nestOutlines: settings.nestOutlines }, ctx);
  return {
    blob: new Blob([result.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
    name: 'merged.pdf',
    facts: { format: 'PDF', pages: result.pages, ...(result.repaired ? { note: 'pdf:notes.repaired' } : {}) },
  };
}
