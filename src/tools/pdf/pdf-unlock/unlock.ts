import { unlockPdf } from '../../../engines/pdf/client';
import type { JobContext, JobOutput } from '../../../runtime/jobs';

export async function unlockJob(file: File, settings: { password: string }, ctx: JobContext): Promise<JobOutput> {
  const result = await unlockPdf(file, settings.password, ctx);
  return {
    blob: new Blob([result.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
    name: file.name.replace(/(\.pdf)?$/i, '-unlocked.pdf'),
    facts: { format: 'PDF', pages: result.pages, ...(result.repaired ? { note: 'pdf:notes.repaired' } : {}) },
  };
}
