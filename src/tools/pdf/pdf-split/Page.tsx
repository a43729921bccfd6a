import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { useFileJobs } from '../../../kit/useFileJobs';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { releasePdfWorker } from '../../../engines/pdf/client';
import { NumberField, RadioGroup } from '../../../ui/controls';
import { PDF_ACCEPT } from '../../accepts';
import { SPLIT_DEFAULTS, SPLIT_SCHEMA, splitJob } from './split';

export default function PdfSplitPage() {
  const { t } = useTranslation('pdf');
  const [settings, update] = useStoredSettings('pdf-split', SPLIT_DEFAULTS, SPLIT_SCHEMA);
  const jobs = useFileJobs({ run: splitJob, settings, fallbackErrorKey: 'pdf:errors.failed', onDispose: releasePdfWorker, resultKey: (s) => JSON.stringify(s) });

  return (
    <div className="space-y-6">
      <section className="panel space-y-4" aria-label={t('settings')}>
        <RadioGroup
          legend={t('split.mode')}
          value={settings.mode}
          onChange={(mode) => update({ mode })}
          choices={[
            { value: 'single', label: t('split.single'), testId: 'mode-single' },
            { value: 'every', label: t('split.every'), testId: 'mode-every' },
            { value: 'ranges', label: t('split.ranges'), testId: 'mode-ranges' },
          ]}
        />
        {settings.mode === 'every' && <NumberField layout="inline" widthClass="w-24" label={t('split.everyLabel')} unit={t('split.pagesUnit')} min={1} value={settings.every} onChange={(every) => update({ every })} testId="every" />}
        {settings.mode === 'ranges' && (
          <label className="grid gap-1 text-sm font-medium">
            {t('split.rangesLabel')}
            <input className="field max-w-md" value={settings.pages} placeholder="1-3, 4-8, 9-" onChange={(e) => update({ pages: e.target.value })} data-testid="pages" />
            <span className="text-xs font-normal text-zinc-600 dark:text-zinc-400">{t('split.rangesHint')}</span>
          </label>
        )}
      </section>
      <FileDrop accept={PDF_ACCEPT} onFiles={jobs.addFiles} typesLabel="PDF" />
      <ResultList jobs={jobs} zipName="localkit-split.zip" />
    </div>
  );
}
