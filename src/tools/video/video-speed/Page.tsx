import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { MediaPreview } from '../../../kit/media/MediaPreview';
import { useMediaJobs } from '../../../kit/media/useMediaJobs';
import { ResultList } from '../../../kit/ResultList';
import { RerunControl } from '../../../kit/RerunControl';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import type { VideoSpeedSettings } from '../../../engines/media/speed-video';
import { NumberField } from '../../../ui/controls';
import { VIDEO_ACCEPT } from '../../accepts';
import { SPEED_PRESETS, SPEED_RANGE, VIDEO_SPEED_DEFAULTS, VIDEO_SPEED_SCHEMA } from './schema';

const runner = () => import('../../../engines/media/client').then((m) => m.runVideoSpeed);

export default function VideoSpeedPage() {
  const { t } = useTranslation('video-speed');
  const [settings, update, setSettings] = useStoredSettings<VideoSpeedSettings>('video-speed', VIDEO_SPEED_DEFAULTS, VIDEO_SPEED_SCHEMA);
  const { jobs, selected, select } = useMediaJobs(runner, settings);

  return (
    <div className="space-y-6" data-testid="video-speed">
      <section className="panel space-y-4" aria-label={t('options')}>
        <NumberField decimal slider label={t('speed')} value={settings.speed} min={SPEED_RANGE[0]} max={SPEED_RANGE[1]} step={0.05} unit="×" widthClass="w-24" testId="speed" onChange={(speed) => update({ speed })} />
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('presets')}>
          {SPEED_PRESETS.map((p) => (
            <button key={p} type="button" className={`btn ${settings.speed === p ? 'btn-primary' : 'btn-outline'}`} aria-pressed={settings.speed === p} onClick={() => update({ speed: p })} data-testid={`speed-${p}`}>
              {p}×
            </button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={settings.removeAudio} onChange={(e) => update({ removeAudio: e.target.checked })} data-testid="remove-audio" />
          {t('removeAudio')}
        </label>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('lossless')}</p>
        <SettingsPresets toolId="video-speed" settings={settings} defaults={VIDEO_SPEED_DEFAULTS} schema={VIDEO_SPEED_SCHEMA} onApply={setSettings} />
      </section>
      <FileDrop accept={VIDEO_ACCEPT} onFiles={jobs.addFiles} typesLabel="MP4, MOV, WebM, MKV, MPEG-TS, AVI" />
      <RerunControl jobs={jobs} action={t('rerun')} />
      <ResultList jobs={jobs} zipName="localkit-speed.zip" selectedId={selected?.id} onSelect={select} />
      <MediaPreview row={selected} kind="video" />
    </div>
  );
}
