import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { StaleResults } from '../../../kit/StaleResults';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import type { FileJobs } from '../../../kit/useFileJobs';
import type { Mode } from './modes';
import { TEXT_FILE_ACCEPT } from '../../accepts';


/** Files in, converted files out: one row each, downloadable one by one or as a ZIP. */
export function BatchPanel({ jobs, mode }: { jobs: FileJobs; mode: Mode }) {
  const { t } = useTranslation('text-converter');
  const id = useId();

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('batch.title')}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('batch.hint')}</p>
      </div>
      <FileDrop accept={TEXT_FILE_ACCEPT} onFiles={jobs.addFiles} typesLabel="TXT, MD, SRT, VTT, ASS, CSV, JSON" />
      <StaleResults jobs={jobs} message={t('batch.stale')} action={t('batch.convertAgain', { mode: t(`modes.${mode}`) })} actionTestId="convert-again" />
      <ResultList jobs={jobs} zipName="localkit-text-converted.zip" sizeChange={false} />
    </section>
  );
}
