import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StaleResults } from './StaleResults';
import type { FileJobs } from './useFileJobs';

interface Props {
  jobs: Pick<FileJobs, 'rows' | 'stale' | 'rerunAll'>;
  /** The button's label, e.g. "Apply these settings to all files". */
  action: string;
}

/**
 * Runs the list again: a notice when the settings changed since the results were made (useFileJobs' `stale`, so
 * they are never silently out of date), a plain button otherwise (to retry failures, e.g. back online).
 */
export function RerunControl({ jobs, action }: Props) {
  const { t } = useTranslation();
  if (jobs.stale) return <StaleResults jobs={jobs} message={t('staleResults')} action={action} />;
  if (!jobs.rows.some((r) => r.status === 'done' || r.status === 'error')) return null;
  return (
    <button type="button" className="btn btn-outline" onClick={jobs.rerunAll} data-testid="rerun">
      <RefreshCw className="size-4" aria-hidden /> {action}
    </button>
  );
}
