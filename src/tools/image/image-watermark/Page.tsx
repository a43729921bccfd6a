import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { IMAGE_ACCEPT } from '../../accepts';
import { IMAGE_TYPES_LABEL } from '../shared/accept';
import { ComparePanel } from '../shared/ComparePanel';
import { IMAGE_DOWNLOAD_FAILURES } from '../shared/failures';
import { RerunButton } from '../shared/RerunButton';
import { useImageJobs } from '../shared/useImageJobs';
import { Slider } from '../../../ui/controls';
import type { Logo } from './LogoPicker';
import { WATERMARK_SCHEMA } from './schema';
import { WATERMARK_DEFAULTS, watermarkJob, watermarkKey, type WatermarkInput } from './watermark';
import { WatermarkControls } from './WatermarkControls';
import { WatermarkPreview } from './WatermarkPreview';

export default function ImageWatermarkPage() {
  const { t } = useTranslation('image-watermark');
  const { t: tc } = useTranslation('image-codecs');
  const [settings, update, setSettings] = useStoredSettings('image-watermark', WATERMARK_DEFAULTS, WATERMARK_SCHEMA);
  const [logo, setLogo] = useState<Logo>();
  const input: WatermarkInput = useMemo(() => ({ ...settings, ...(logo ? { logo } : {}) }), [settings, logo]);
  const jobs = useImageJobs(input, watermarkJob, 'image-codecs:errors.convert', watermarkKey);
  const [selectedId, setSelectedId] = useState<string>();
  const selected = jobs.rows.find((r) => r.id === selectedId) ?? jobs.rows.find((r) => r.status === 'done');

  return (
    <div className="space-y-6">
      <section className="panel space-y-4" aria-label={tc('settings.title')}>
        <WatermarkControls value={settings} onChange={update} logo={logo} onLogo={setLogo} />
        <WatermarkPreview image={jobs.rows[0]?.file} settings={input} />
        <div className="space-y-2">
          <p className="text-sm" data-testid="format-note">
            {t('formatNote')}
          </p>
          <Slider label={t('fallbackQuality')} value={settings.quality} min={1} max={100} onChange={(quality) => update({ quality })} testId="quality" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={settings.keepMetadata} onChange={(e) => update({ keepMetadata: e.target.checked })} data-testid="keep-metadata" />
            <span>
              {tc('settings.keepMetadata')} <span className="text-zinc-600 dark:text-zinc-400">— {tc('settings.keepMetadataHint')}</span>
            </span>
          </label>
        </div>
        <SettingsPresets toolId="image-watermark" settings={settings} defaults={WATERMARK_DEFAULTS} schema={WATERMARK_SCHEMA} onApply={setSettings} />
        <RerunButton jobs={jobs} />
      </section>
      <FileDrop accept={IMAGE_ACCEPT} onFiles={jobs.addFiles} typesLabel={IMAGE_TYPES_LABEL} />
      <ResultList jobs={jobs} zipName="localkit-watermarked.zip" selectedId={selected?.id} onSelect={setSelectedId} failureKeys={IMAGE_DOWNLOAD_FAILURES} />
      {jobs.rows.length > 0 && <ComparePanel row={selected} />}
    </div>
  );
}
