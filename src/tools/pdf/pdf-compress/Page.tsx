import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useFileJobs } from '../../../kit/useFileJobs';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { releasePdfWorker } from '../../../engines/pdf/client';
import { NumberField, Slider } from '../../../ui/controls';
import { PDF_ACCEPT } from '../../accepts';
import { COMPRESS_DEFAULTS, COMPRESS_SCHEMA, compressJob } from './compress';

export default function PdfCompressPage() {
  const { t } = useTranslation('pdf-compress');
  const [settings, update, setStored] = useStoredSettings('pdf-compress', COMPRESS_DEFAULTS, COMPRESS_SCHEMA);
  const jobs = useFileJobs({ run: compressJob, settings, fallbackErrorKey: 'pdf:errors.failed', onDispose: releasePdfWorker, resultKey: (s) => JSON.stringify(s) });

  return (
    <div className="space-y-6">
      <section className="panel space-y-4" aria-label={t('pdf:settings')}>
        <NumberField layout="inline" widthClass="w-24" label={t('dpi')} unit="dpi" min={50} max={600} value={settings.dpi} onChange={(dpi) => update({ dpi })} testId="dpi" />
        <Slider label={t('quality')} min={10} max={100} value={settings.quality} onChange={(quality) => update({ quality })} testId="quality" />
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('hint')}</p>
      </section>
      <SettingsPresets toolId="pdf-compress" settings={settings} defaults={COMPRESS_DEFAULTS} schema={COMPRESS_SCHEMA} onApply={setStored} />
      <FileDrop accept={PDF_ACCEPT} onFiles={jobs.addFiles} typesLabel="PDF" />
      <ResultList jobs={jobs} zipName="localkit-compressed-pdf.zip" />
    </div>
  );
}
