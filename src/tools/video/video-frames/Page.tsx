import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { MediaPreview } from '../../../kit/media/MediaPreview';
import { TimeField } from '../../../kit/media/TimeField';
import { useMediaJobs } from '../../../kit/media/useMediaJobs';
import { ResultList } from '../../../kit/ResultList';
import { RerunControl } from '../../../kit/RerunControl';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { ToolError } from '../../../lib/errors';
import type { JobContext } from '../../../runtime/jobs';
import { Select } from '../../../ui/controls';
import { VIDEO_ACCEPT } from '../../accepts';
import { EVERY_MAX, EVERY_MIN, FRAME_FORMATS, FRAMES_DEFAULTS, FRAMES_SCHEMA, framesJob, type FramesSettings } from './settings';

const runner = () =>
  import('../../../engines/media/frames-client').then((m) => (file: File, s: FramesSettings, ctx: JobContext) => {
    const job = framesJob(s);
    if (!job) throw new ToolError('video-frames:errors.badTime');
    return m.runVideoFrames(file, job, ctx);
  });

export default function VideoFramesPage() {
  const { t } = useTranslation('video-frames');
  const [settings, update, setSettings] = useStoredSettings<FramesSettings>('video-frames', FRAMES_DEFAULTS, FRAMES_SCHEMA);
  const { jobs, selected, select } = useMediaJobs(runner, settings);
  useEffect(() => () => void import('../../../engines/media/frames-client').then((m) => m.disposeFrames()), []);

  return (
    <div className="space-y-6" data-testid="video-frames">
      <section className="panel grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('settings')}>
        <Select
          label={t('mode')}
          value={settings.mode}
          options={[
            { value: 'one', label: t('modeOne') },
            { value: 'every', label: t('modeEvery') },
          ]}
          onChange={(mode) => update({ mode })}
          testId="frame-mode"
        />
        {settings.mode === 'one' ? (
          <TimeField label={t('time')} value={settings.time} onChange={(time) => update({ time })} invalidText={t('errors.badTime')} testId="frame-time" />
        ) : (
          <label className="ctl">
            {t('every')}
            <input
              type="number"
              className="field w-32"
              min={EVERY_MIN}
              max={EVERY_MAX}
              step="any"
              defaultValue={settings.every}
              onChange={(e) => {
                const every = Number(e.target.value);
                if (every >= EVERY_MIN && every <= EVERY_MAX) update({ every });
              }}
              data-testid="frame-every"
            />
          </label>
        )}
        <Select label={t('format')} value={settings.format} options={FRAME_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))} onChange={(format) => update({ format })} testId="frame-format" />
      </section>
      <SettingsPresets toolId="video-frames" settings={settings} defaults={FRAMES_DEFAULTS} schema={FRAMES_SCHEMA} onApply={setSettings} />
      <FileDrop accept={VIDEO_ACCEPT} onFiles={jobs.addFiles} typesLabel="MP4, WebM, MOV, AVI, MKV, TS, M2TS, FLV" />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('engineNote')}</p>
      <RerunControl jobs={jobs} action={t('media:rerun')} />
      <ResultList jobs={jobs} zipName="localkit-frames.zip" selectedId={selected?.id} onSelect={select} />
      <MediaPreview row={selected} kind="image" />
    </div>
  );
}

