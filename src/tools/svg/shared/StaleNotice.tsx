import { useTranslation } from 'react-i18next';
import { RerunNotice } from '../../../kit/RerunNotice';
import type { FileJobs } from '../../../kit/useFileJobs';

/** Results made with other settings than the ones now shown: offer to redo them, never leave them silently stale. */
export function StaleNotice({ jobs, settingsKey }: { jobs: FileJobs; settingsKey: string }) {
  const { t } = useTranslation('svg-tools');
  const running = jobs.rows.some((r) => r.status === 'working' || r.status === 'queued');
  const stale = !running && jobs.rows.some((r) => r.status === 'done' && r.result?.facts?.settings !== settingsKey);
  if (!stale) return null;
  return <RerunNotice message={t('stale')} action={t('convertAgain')} onRerun={jobs.rerunAll} actionTestId="convert-again" />;
}
