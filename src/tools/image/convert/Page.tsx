import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { IMAGE_DOWNLOAD_FAILURES } from '../shared/failures';
import { IMAGE_ACCEPT } from '../../accepts';
import { IMAGE_TYPES_LABEL } from '../shared/accept';
import { AnimationNotice } from '../shared/AnimationNotice';
import { ComparePanel } from '../shared/ComparePanel';
import { OutputSettings, type OutputSettingsValue } from '../shared/OutputSettings';
import { RerunButton } from '../shared/RerunButton';
import { ResizeStepControls } from '../shared/ResizeStepControls';
import { LABEL } from '../../../engines/codecs/formats';
import { useImageJobs } from '../shared/useImageJobs';
import { CONVERT_DEFAULTS, CONVERT_FORMATS, convertJob, type ConvertSettings } from './convert';
import { CONVERT_SCHEMA } from './schema';

export default function ImageConverterPage() {
  const { t } = useTranslation('image-codecs');
  const [settings, update, setSettings] = useStoredSettings('image-converter', CONVERT_DEFAULTS, CONVERT_SCHEMA);
  const jobs = useImageJobs(settings, convertJob, 'image-codecs:errors.convert');
  const [selectedId, setSelectedId] = useState<string>();
  const selected = jobs.rows.find((r) => r.id === selectedId) ?? jobs.rows.find((r) => r.status === 'done');

  return (
    <div className="space-y-6">
      <section className="panel space-y-4" aria-label={t('settings.title')}>
        <ResizeStepControls value={settings.resize} onChange={(resize) => update({ resize })} then={t('pipeline.convert', { format: LABEL[settings.format] })} />
        <OutputSettings value={settings} onChange={(p: Partial<OutputSettingsValue>) => update(p as Partial<ConvertSettings>)} formats={CONVERT_FORMATS} />
        <SettingsPresets toolId="image-converter" settings={settings} defaults={CONVERT_DEFAULTS} schema={CONVERT_SCHEMA} onApply={setSettings} />
        <RerunButton jobs={jobs} />
      </section>
      <FileDrop accept={IMAGE_ACCEPT} onFiles={jobs.addFiles} typesLabel={IMAGE_TYPES_LABEL} />
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('notes.gif')}</p>
      <AnimationNotice rows={jobs.rows} output={settings.format} />
      <ResultList jobs={jobs} zipName="localkit-converted.zip" selectedId={selected?.id} onSelect={setSelectedId} failureKeys={IMAGE_DOWNLOAD_FAILURES} />
      {jobs.rows.length > 0 && <ComparePanel row={selected} />}
    </div>
  );
}
