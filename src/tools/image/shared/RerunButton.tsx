import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FileJobs } from '../../../kit/useFileJobs';

/** After a settings change, run the files already in the list again. */
export function RerunButton({ jobs }: { jobs: FileJobs }) {
  const { t } = useTranslation('image-codecs');
  if (!jobs.rows.some((r) => r.status === 'done' || r.status === 'error')) return null;
  return (
    <button type="button" className="btn btn-outline" onClick={jobs.rerunAll} data-testid="rerun">
      <RefreshCw className="size-4" aria-hidden /> {t('settings.apply')}
    </button>
  );
}
