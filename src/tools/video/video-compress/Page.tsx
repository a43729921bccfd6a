import { Music } from 'lucide-react';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ToolPaths } from '../../../kit/handoff';
import { handOff } from '../../../kit/handoffStore';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { RerunControl } from '../../../kit/RerunControl';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import type { VideoSettings } from '../../../engines/media/types';
import { MediaPreview } from '../../../kit/media/MediaPreview';
import { VIDEO_ACCEPT } from '../../accepts';
import { cleanVideoSettings, VIDEO_DEFAULTS } from './settings';
import { useMediaJobs } from '../../../kit/media/useMediaJobs';
import { VideoSettingsPanel } from './VideoSettingsPanel';
import { VIDEO_SCHEMA } from './schema';
import { SettingsPresets } from '../../../kit/SettingsPresets';

const runner = () => import('../../../engines/media/client').then((m) => m.runVideoCompress);

export default function VideoCompressPage() {
  const { t } = useTranslation('media');
  const [stored, update, setStored] = useStoredSettings<VideoSettings>('video-compress', VIDEO_DEFAULTS, VIDEO_SCHEMA);
  const settings = cleanVideoSettings(stored);
  const { jobs, selected, select } = useMediaJobs(runner, settings);
  const navigate = useNavigate();
  const audioPath = useContext(ToolPaths)('audio-converter');
  // The sound of every video in the list, as MP3: the audio converter takes the same files, set to MP3.
  const extractAudio = () => {
    if (!audioPath) return;
    handOff(
      jobs.rows.map((r) => r.file),
      audioPath,
    );
    navigate(`${audioPath}?format=mp3`);
  };

  return (
    <div className="space-y-6" data-testid="video-compress">
      <VideoSettingsPanel settings={settings} onChange={update} />
      <SettingsPresets toolId="video-compress" settings={stored} defaults={VIDEO_DEFAULTS} schema={VIDEO_SCHEMA} onApply={setStored} />
      <FileDrop accept={VIDEO_ACCEPT} onFiles={jobs.addFiles} typesLabel="MP4, WebM, MOV, AVI, MKV, TS, M2TS, FLV" />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('video.engineNote')}</p>
      <RerunControl jobs={jobs} action={t('rerun')} />
      {jobs.rows.length > 0 && audioPath && (
        <button type="button" className="btn btn-outline" onClick={extractAudio} data-testid="extract-audio">
          <Music className="size-4" aria-hidden /> {t('video.extractAudio')}
        </button>
      )}
      <ResultList jobs={jobs} zipName="localkit-videos.zip" selectedId={selected?.id} onSelect={select} />
      <MediaPreview row={selected} kind="video" />
    </div>
  );
}
