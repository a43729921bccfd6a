import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FileJobs } from '../../../kit/useFileJobs';

/** Results made with other settings than the ones now shown: offer to redo them, never leave them silently stale. */
export function StaleNotice({ jobs, settingsKey }: { jobs: FileJobs; settingsKey: string }) {
  const { t } = useTranslation('svg-tools');
  const running = jobs.rows.some((r) => r.status === 'working' || r.status === 'queued');
  const stale = !running && jobs.rows.some((r) => r.status === 'done' && r.result?.facts?.settings !== settingsKey);
  if (!stale) return null;
  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
      role="status"
      data-testid="stale-results"
    >
      <span className="flex-1">{t('stale')}</span>
      <button type="button" className="btn btn-primary" onClick={jobs.rerunAll} data-testid="convert-again">
        <RefreshCw className="size-4" aria-hidden /> {t('convertAgain')}
      </button>
    </div>
  );
}
