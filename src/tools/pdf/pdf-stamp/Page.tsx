import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useFileJobs } from '../../../kit/useFileJobs';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { releasePdfWorker } from '../../../engines/pdf/client';
import { NumberField, Select, Slider } from '../../../ui/controls';
import { PDF_ACCEPT } from '../../accepts';
import { POSITIONS, STAMP_DEFAULTS, STAMP_SCHEMA, stampJob } from './stamp';

export default function PdfStampPage() {
  const { t } = useTranslation('pdf-stamp');
  const [settings, update, setStored] = useStoredSettings('pdf-stamp', STAMP_DEFAULTS, STAMP_SCHEMA);
  const jobs = useFileJobs({ run: stampJob, settings, autoStart: false, fallbackErrorKey: 'pdf:errors.failed', onDispose: releasePdfWorker, resultKey: (s) => JSON.stringify(s) });

  return (
    <div className="space-y-6">
      <section className="panel space-y-4" aria-label={t('pdf:settings')}>
        <label className="grid gap-1 text-sm font-medium">
          {t('pdf:pages.label')}
          <input className="field max-w-md" value={settings.pages} placeholder={t('pdf:pages.all')} onChange={(e) => update({ pages: e.target.value })} data-testid="pages" />
          <span className="text-xs font-normal text-zinc-600 dark:text-zinc-400">{t('pdf:pages.hint')}</span>
        </label>
        <fieldset className="space-y-3">
          <legend className="mb-1 text-sm font-medium">
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={settings.numbers} onChange={(e) => update({ numbers: e.target.checked })} data-testid="numbers" />
              {t('numbers')}
            </label>
          </legend>
          {settings.numbers && (
            <div className="grid gap-3 sm:grid-cols-2">
              <label className="grid gap-1 text-sm font-medium">
                {t('format')}
                <input className="field" value={settings.format} onChange={(e) => update({ format: e.target.value })} data-testid="format" />
                <span className="text-xs font-normal text-zinc-600 dark:text-zinc-400">{t('formatHint')}</span>
              </label>
              <Select label={t('position')} value={settings.position} options={POSITIONS.map((p) => ({ value: p, label: t(`positions.${p}`) }))} onChange={(position) => update({ position })} testId="position" />
              <NumberField layout="inline" widthClass="w-24" label={t('start')} min={-100000} max={100000} value={settings.start} onChange={(start) => update({ start })} testId="start-number" />
              <NumberField layout="inline" widthClass="w-24" label={t('size')} unit="pt" min={4} max={72} value={settings.size} onChange={(size) => update({ size })} testId="size" />
            </div>
          )}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="grid gap-1 text-sm font-medium">
            {t('watermark')}
            <input className="field" value={settings.watermark} placeholder={t('watermarkPlaceholder')} onChange={(e) => update({ watermark: e.target.value })} data-testid="watermark" />
          </label>
          <Slider label={t('opacity')} min={5} max={100} value={Math.round(settings.opacity * 100)} unit="%" onChange={(v) => update({ opacity: v / 100 })} testId="opacity" />
          <Slider label={t('angle')} min={-90} max={90} value={settings.angle} unit="°" onChange={(angle) => update({ angle })} testId="angle" />
        </div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('hint')}</p>
      </section>
      <SettingsPresets toolId="pdf-stamp" settings={settings} defaults={STAMP_DEFAULTS} schema={STAMP_SCHEMA} onApply={setStored} />
      <FileDrop accept={PDF_ACCEPT} onFiles={jobs.addFiles} typesLabel="PDF" />
      <ResultList jobs={jobs} zipName="localkit-stamped.zip" />
    </div>
  );
}
