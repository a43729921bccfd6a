import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { MediaPreview } from '../../../kit/media/MediaPreview';
import { useMediaJobs } from '../../../kit/media/useMediaJobs';
import { RerunControl } from '../../../kit/RerunControl';
import { ResultList } from '../../../kit/ResultList';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import type { VideoCropSettings } from '../../../engines/media/crop-plan';
import { VIDEO_ACCEPT } from '../../accepts';
import { CropControls } from './CropControls';
import { VIDEO_CROP_SCHEMA } from './schema';
import { VIDEO_CROP_DEFAULTS } from './settings';

const runner = () => import('../../../engines/media/client').then((m) => m.runVideoCrop);

export default function VideoCropPage() {
  const { t } = useTranslation('video-crop');
  const [settings, update, setSettings] = useStoredSettings<VideoCropSettings>('video-crop', VIDEO_CROP_DEFAULTS, VIDEO_CROP_SCHEMA);
  const { jobs, selected, select } = useMediaJobs(runner, settings);

  return (
    <div className="space-y-6" data-testid="video-crop">
      <section className="panel space-y-4" aria-label={t('settings')}>
        <CropControls value={settings} onChange={update} file={jobs.rows[0]?.file} />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('engineNote')}</p>
        <SettingsPresets toolId="video-crop" settings={settings} defaults={VIDEO_CROP_DEFAULTS} schema={VIDEO_CROP_SCHEMA} onApply={setSettings} />
      </section>
      <FileDrop accept={VIDEO_ACCEPT} onFiles={jobs.addFiles} typesLabel="MP4, MOV, WebM, MKV" />
      <RerunControl jobs={jobs} action={t('rerun')} />
      <ResultList jobs={jobs} zipName="localkit-cropped-videos.zip" selectedId={selected?.id} onSelect={select} />
      <MediaPreview row={selected} kind="video" />
    </div>
  );
}
