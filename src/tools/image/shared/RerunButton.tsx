import { useTranslation } from 'react-i18next';
import { RerunControl } from '../../../kit/RerunControl';
import type { FileJobs } from '../../../kit/useFileJobs';

/** After a settings change, run the files already in the list again (a notice while their results are stale). */
export function RerunButton({ jobs }: { jobs: FileJobs }) {
  const { t } = useTranslation('image-codecs');
  return <RerunControl jobs={jobs} action={t('settings.apply')} />;
}
