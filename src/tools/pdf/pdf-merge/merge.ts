import { mergePdfs } from '../../../engines/pdf/client';
import type { JobContext, JobOutput } from '../../../runtime/jobs';
import type { OrderedItem } from '../../../kit/OrderedFileList';

export interface MergeItem extends OrderedItem {
  /** e.g. "1-3,5,8-"; empty = every page. */
  pages: string;
}

/** Merges the list's files, each with its page range, in the order shown. */
export async function mergeJob(items: MergeItem[], _settings: object, ctx: JobContext): Promise<JobOutput> {
  const result = await mergePdfs(items.map((i) => ({ blob: i.file, name: i.file.name, pages: i.pages })), ctx);
  return {
    blob: new Blob([result.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
    name: 'merged.pdf',
    facts: { format: 'PDF', pages: result.pages, ...(result.repaired ? { note: 'pdf:notes.repaired' } : {}) },
  };
}
