import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { MediaPreview } from '../../../kit/media/MediaPreview';
import { Thumbnails } from '../../../kit/media/Thumbnails';
import { TrimSource } from '../../../kit/media/TrimSource';
import { useMediaJobs } from '../../../kit/media/useMediaJobs';
import { ResultList } from '../../../kit/ResultList';
import { RerunControl } from '../../../kit/RerunControl';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import type { VideoTrimSettings } from '../../../engines/media/trim-video';
import { VIDEO_ACCEPT } from '../../accepts';
import { VIDEO_TRIM_DEFAULTS, VIDEO_TRIM_SCHEMA } from './schema';

const runner = () => import('../../../engines/media/client').then((m) => m.runVideoTrim);

export default function VideoTrimPage() {
  const { t } = useTranslation('video-trim');
  const [settings, update, setSettings] = useStoredSettings<VideoTrimSettings>('video-trim', VIDEO_TRIM_DEFAULTS, VIDEO_TRIM_SCHEMA);
  const { jobs, selected, select } = useMediaJobs(runner, settings);
  const first = jobs.rows[0]?.file;

  return (
    <div className="space-y-6" data-testid="video-trim">
      <TrimSource file={first} kind="video" ranges={settings.ranges} mode={settings.mode} onChange={update} background={(duration, aspect) => first && <Thumbnails file={first} aspect={aspect} duration={duration} />} />
      <section className="panel space-y-3" aria-label={t('options')}>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={settings.removeAudio} onChange={(e) => update({ removeAudio: e.target.checked })} data-testid="remove-audio" />
          {t('removeAudio')}
        </label>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('lossless')}</p>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" checked={settings.exactCut} onChange={(e) => update({ exactCut: e.target.checked })} data-testid="exact-cut" />
          {t('exactCut')}
        </label>
        <SettingsPresets toolId="video-trim" settings={settings} defaults={VIDEO_TRIM_DEFAULTS} schema={VIDEO_TRIM_SCHEMA} onApply={setSettings} />
      </section>
      <FileDrop accept={VIDEO_ACCEPT} onFiles={jobs.addFiles} typesLabel="MP4, MOV, WebM, MKV, MPEG-TS, AVI" />
      <RerunControl jobs={jobs} action={t('rerun')} />
      <ResultList jobs={jobs} zipName="localkit-trimmed.zip" selectedId={selected?.id} onSelect={select} />
      <MediaPreview row={selected} kind="video" />
    </div>
  );
}
