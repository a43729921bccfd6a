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
import { CROP_DEFAULTS, CROP_FORMATS, cropJob } from './crop';
import { CropPanel } from './CropPanel';
import { CROP_SCHEMA } from './schema';

export default function ImageCropPage() {
  const { t } = useTranslation('image-codecs');
  const [settings, update, setSettings] = useStoredSettings('image-crop', CROP_DEFAULTS, CROP_SCHEMA);
  const jobs = useImageJobs(settings, cropJob, 'image-codecs:errors.convert');
  const [selectedId, setSelectedId] = useState<string>();
  const selected = jobs.rows.find((r) => r.id === selectedId) ?? jobs.rows.find((r) => r.status === 'done');

  return (
    <div className="space-y-6">
      <section className="panel space-y-4" aria-label={t('settings.title')}>
        <CropPanel value={settings} onChange={update} image={jobs.rows[0]?.file} />
        <OutputSettings value={settings} onChange={update} formats={CROP_FORMATS} ownQuality />
        <SettingsPresets toolId="image-crop" settings={settings} defaults={CROP_DEFAULTS} schema={CROP_SCHEMA} onApply={setSettings} />
        <RerunButton jobs={jobs} />
      </section>
      <FileDrop accept={IMAGE_ACCEPT} onFiles={jobs.addFiles} typesLabel={IMAGE_TYPES_LABEL} />
      <ResultList jobs={jobs} zipName="localkit-cropped.zip" selectedId={selected?.id} onSelect={setSelectedId} failureKeys={IMAGE_DOWNLOAD_FAILURES} />
      {jobs.rows.length > 0 && <ComparePanel row={selected} />}
    </div>
  );
}
