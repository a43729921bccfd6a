import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import type { AcceptSpec } from '../../../kit/fileTypes';
import { ResultList } from '../../../kit/ResultList';
import type { FileJobs } from '../../../kit/useFileJobs';
import type { Mode } from './modes';

const ACCEPT: AcceptSpec = {
  mime: ['text/*', 'application/json'],
  extensions: ['txt', 'md', 'srt', 'vtt', 'ass', 'ssa', 'csv', 'json'],
  maxSize: 64 * 1024 * 1024,
};

/** Files in, converted files out: one row each, downloadable one by one or as a ZIP. */
export function BatchPanel({ jobs, mode }: { jobs: FileJobs; mode: Mode }) {
  const { t } = useTranslation('text-converter');
  const id = useId();
  const running = jobs.rows.some((r) => r.status === 'working' || r.status === 'queued');
  // Results made with another conversion than the one now selected: offer to redo them, never leave them silently stale.
  const stale = !running && jobs.rows.some((r) => r.status === 'done' && r.result?.facts?.mode !== mode);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('batch.title')}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('batch.hint')}</p>
      </div>
      <FileDrop accept={ACCEPT} onFiles={jobs.addFiles} typesLabel="TXT, MD, SRT, VTT, ASS, CSV, JSON" />
      {stale && (
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
          role="status"
          data-testid="stale-results"
        >
          <span className="flex-1">{t('batch.stale')}</span>
          <button type="button" className="btn btn-primary" onClick={jobs.rerunAll} data-testid="convert-again">
            <RefreshCw className="size-4" aria-hidden /> {t('batch.convertAgain', { mode: t(`modes.${mode}`) })}
          </button>
        </div>
      )}
      <ResultList jobs={jobs} zipName="localkit-text-converted.zip" />
    </section>
  );
}
