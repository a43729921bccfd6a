import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { IMAGE_ACCEPT } from '../../accepts';
import { IMAGE_TYPES_LABEL } from '../shared/accept';
import { ComparePanel } from '../shared/ComparePanel';
import { IMAGE_DOWNLOAD_FAILURES } from '../shared/failures';
import { OutputSettings } from '../shared/OutputSettings';
import { RerunButton } from '../shared/RerunButton';
import { useImageJobs } from '../shared/useImageJobs';
import { ROTATE_DEFAULTS, ROTATE_FORMATS, rotateJob } from './rotate';
import { RotateControls } from './RotateControls';
import { ROTATE_SCHEMA } from './schema';

export default function ImageRotatePage() {
  const { t } = useTranslation('image-codecs');
  const [settings, update, setSettings] = useStoredSettings('image-rotate', ROTATE_DEFAULTS, ROTATE_SCHEMA);
  const jobs = useImageJobs(settings, rotateJob, 'image-codecs:errors.convert');
  const [selectedId, setSelectedId] = useState<string>();
  const selected = jobs.rows.find((r) => r.id === selectedId) ?? jobs.rows.find((r) => r.status === 'done');

  return (
    <div className="space-y-6">
      <section className="panel space-y-4" aria-label={t('settings.title')}>
        <RotateControls value={settings} onChange={update} />
        <OutputSettings value={settings} onChange={update} formats={ROTATE_FORMATS} ownQuality />
        <SettingsPresets toolId="image-rotate" settings={settings} defaults={ROTATE_DEFAULTS} schema={ROTATE_SCHEMA} onApply={setSettings} />
        <RerunButton jobs={jobs} />
      </section>
      <FileDrop accept={IMAGE_ACCEPT} onFiles={jobs.addFiles} typesLabel={IMAGE_TYPES_LABEL} />
      <ResultList jobs={jobs} zipName="localkit-rotated.zip" selectedId={selected?.id} onSelect={setSelectedId} failureKeys={IMAGE_DOWNLOAD_FAILURES} />
      {jobs.rows.length > 0 && <ComparePanel row={selected} />}
    </div>
  );
}
