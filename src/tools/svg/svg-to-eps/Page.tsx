import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { useFileJobs } from '../../../kit/useFileJobs';
import { SVG_ACCEPT } from '../../accepts';
import { releaseSvgWorkers } from '../../../engines/svg/client';
import { epsJob } from './epsJob';

const NO_SETTINGS = {};

export default function SvgToEpsPage() {
  const { t } = useTranslation('svg-tools');
  const jobs = useFileJobs({ run: epsJob, settings: NO_SETTINGS, fallbackErrorKey: 'svg-tools:errors.eps', onDispose: releaseSvgWorkers });
  const notes = jobs.rows.filter((r) => r.status === 'done' && r.result?.facts?.approximations);

  return (
    <div className="space-y-4">
      <p className="panel text-sm text-zinc-700 dark:text-zinc-300">{t('eps.intro')}</p>
      <FileDrop accept={SVG_ACCEPT} onFiles={jobs.addFiles} typesLabel="SVG" />
      <ResultList jobs={jobs} zipName="localkit-svg-to-eps.zip" />
      {notes.length > 0 && (
        <section className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100" data-testid="eps-notes">
          <h2 className="mb-1 font-medium">{t('eps.notesTitle')}</h2>
          <ul className="list-disc space-y-1 pl-5">
            {notes.map((r) => (
              <li key={r.id}>
                {r.file.name}:{' '}
                {String(r.result!.facts!.approximations)
                  .split(',')
                  .map((a) => t(`eps.approx.${a}`))
                  .join('; ')}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
