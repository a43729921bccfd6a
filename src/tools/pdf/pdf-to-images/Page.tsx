import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { useFileJobs } from '../../../kit/useFileJobs';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { releasePdfWorker } from '../../../engines/pdf/client';
import { NumberField, RadioGroup } from '../../../ui/controls';
import { PDF_ACCEPT } from '../../accepts';
import { RENDER_DEFAULTS, RENDER_SCHEMA, renderJob } from './render';

export default function PdfToImagesPage() {
  const { t } = useTranslation('pdf');
  const [settings, update] = useStoredSettings('pdf-to-images', RENDER_DEFAULTS, RENDER_SCHEMA);
  const jobs = useFileJobs({ run: renderJob, settings, fallbackErrorKey: 'pdf:errors.failed', onDispose: releasePdfWorker, resultKey: (s) => JSON.stringify(s) });

  return (
    <div className="space-y-6">
      <section className="panel flex flex-wrap items-end gap-6" aria-label={t('settings')}>
        <RadioGroup
          legend={t('render.format')}
          value={settings.format}
          onChange={(format) => update({ format })}
          choices={[
            { value: 'png', label: 'PNG', testId: 'format-png' },
            { value: 'jpeg', label: 'JPEG', testId: 'format-jpeg' },
          ]}
        />
        <NumberField layout="stacked" widthClass="w-24" label={t('render.dpi')} unit="dpi" min={36} max={600} value={settings.dpi} onChange={(dpi) => update({ dpi })} testId="dpi" />
        {settings.format === 'jpeg' && <NumberField layout="stacked" widthClass="w-24" label={t('render.quality')} min={1} max={100} value={settings.quality} onChange={(quality) => update({ quality })} testId="quality" />}
        <label className="grid gap-1 text-sm font-medium">
          {t('pages.label')}
          <input className="field w-40" value={settings.pages} placeholder={t('pages.all')} onChange={(e) => update({ pages: e.target.value })} data-testid="pages" />
        </label>
        <p className="basis-full text-xs text-zinc-600 dark:text-zinc-400">{t('pages.hint')}</p>
      </section>
      <FileDrop accept={PDF_ACCEPT} onFiles={jobs.addFiles} typesLabel="PDF" />
      <ResultList jobs={jobs} zipName="localkit-pdf-images.zip" />
    </div>
  );
}
