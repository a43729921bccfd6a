import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { IMAGE_DOWNLOAD_FAILURES } from '../shared/failures';
import { IMAGE_ACCEPT } from '../../accepts';
import { IMAGE_TYPES_LABEL } from '../shared/accept';
import { ComparePanel } from '../shared/ComparePanel';
import { OutputSettings } from '../shared/OutputSettings';
import { RerunButton } from '../shared/RerunButton';
import { useImageJobs } from '../shared/useImageJobs';
import { RESIZE_DEFAULTS, RESIZE_FORMATS, resizeJob } from './resize';
import { ResizeControls } from './ResizeControls';
import { RESIZE_SCHEMA } from './schema';

export default function ImageResizePage() {
  const { t } = useTranslation('image-codecs');
  const [settings, update, setSettings] = useStoredSettings('image-resize', RESIZE_DEFAULTS, RESIZE_SCHEMA);
  const jobs = useImageJobs(settings, resizeJob, 'image-codecs:errors.resize');
  const [selectedId, setSelectedId] = useState<string>();
  const selected = jobs.rows.find((r) => r.id === selectedId) ?? jobs.rows.find((r) => r.status === 'done');

  return (
    <div className="space-y-6">
      <section className="panel space-y-4" aria-label={t('settings.title')}>
        <ResizeControls value={settings} onChange={update} />
        <OutputSettings value={settings} onChange={update} formats={RESIZE_FORMATS} />
        <SettingsPresets toolId="image-resize" settings={settings} defaults={RESIZE_DEFAULTS} schema={RESIZE_SCHEMA} onApply={setSettings} />
        <RerunButton jobs={jobs} />
      </section>
      <FileDrop accept={IMAGE_ACCEPT} onFiles={jobs.addFiles} typesLabel={IMAGE_TYPES_LABEL} />
      <ResultList jobs={jobs} zipName="localkit-resized.zip" selectedId={selected?.id} onSelect={setSelectedId} failureKeys={IMAGE_DOWNLOAD_FAILURES} />
      {jobs.rows.length > 0 && <ComparePanel row={selected} />}
    </div>
  );
}
