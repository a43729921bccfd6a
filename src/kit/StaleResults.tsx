import type { FileJobs } from './useFileJobs';
import { RerunNotice } from './RerunNotice';

interface Props {
  jobs: Pick<FileJobs, 'stale' | 'rerunAll'>;
  /** Says the results were made with other settings than the ones now shown. */
  message: string;
  /** The button's label, e.g. "Convert again". */
  action: string;
  actionTestId?: string;
}

/** The one stale-settings notice of the kit: shown while useFileJobs says `stale`, its button reruns every file. */
export function StaleResults({ jobs, message, action, actionTestId }: Props) {
  if (!jobs.stale) return null;
  return <RerunNotice message={message} action={action} onRerun={jobs.rerunAll} actionTestId={actionTestId} />;
}
