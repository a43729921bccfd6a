import type { OrderedItem } from '../../../kit/OrderedFileList';
import { useOrderedJob as useKitOrderedJob } from '../../../kit/useOrderedJob';
import type { JobContext, JobOutput } from '../../../runtime/jobs';
import { releasePdfWorker } from '../../../engines/pdf/client';

/** The kit's ordered job for the PDF tools: PDF output, their error key, their worker released on leaving. */
export function useOrderedJob<T extends OrderedItem, S>(outputName: string, settings: S, run: (items: T[], settings: S, ctx: JobContext) => Promise<JobOutput>) {
  return useKitOrderedJob<T, S>({ outputName, mime: 'application/pdf', settings, run, fallbackErrorKey: 'pdf:errors.failed', onDispose: releasePdfWorker });
}
