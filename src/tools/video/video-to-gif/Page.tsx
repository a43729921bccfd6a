import { useTranslation } from 'react-i18next';
import { GIF_FPS, GIF_WIDTHS } from '../../../engines/media/gif';
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
import { GIF_DEFAULTS, GIF_SCHEMA, gifJob, type GifSettings } from './settings';

const runner = () =>
  import('../../../engines/media/gif-client').then((m) => (file: File, s: GifSettings, ctx: JobContext) => {
    const job = gifJob(s);
    if (!job) throw new ToolError('video-to-gif:errors.badTime');
    return m.runVideoToGif(file, job, ctx);
  });

export default function VideoToGifPage() {
  const { t } = useTranslation('video-to-gif');
  const [settings, update, setSettings] = useStoredSettings<GifSettings>('video-to-gif', GIF_DEFAULTS, GIF_SCHEMA);
  const { jobs, selected, select } = useMediaJobs(runner, settings);

  return (
    <div className="space-y-6" data-testid="video-to-gif">
      <section className="panel grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('settings')}>
        <TimeField label={t('start')} value={settings.start} onChange={(start) => update({ start })} invalidText={t('errors.badTime')} testId="gif-start" placeholder="00:00:00.000" />
        <TimeField label={t('end')} value={settings.end} onChange={(end) => update({ end })} invalidText={t('errors.badTime')} testId="gif-end" placeholder="00:00:05.000" />
        <Select
          label={t('format')}
          value={settings.format}
          options={[
            { value: 'gif', label: t('formats.gif') },
            { value: 'webp', label: t('formats.webp') },
          ]}
          onChange={(format) => update({ format })}
          testId="gif-format"
        />
        <Select label={t('fps')} value={settings.fps} options={GIF_FPS.map((f) => ({ value: f, label: t('media:video.fps', { value: f }) }))} onChange={(fps) => update({ fps })} testId="gif-fps" />
        <Select label={t('width')} value={settings.width} options={GIF_WIDTHS.map((w) => ({ value: w, label: t('px', { value: w }) }))} onChange={(width) => update({ width })} testId="gif-width" />
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
          <input type="checkbox" className="size-4" checked={settings.loop} onChange={(e) => update({ loop: e.target.checked })} data-testid="gif-loop" />
          {t('loop')}
        </label>
      </section>
      <SettingsPresets toolId="video-to-gif" settings={settings} defaults={GIF_DEFAULTS} schema={GIF_SCHEMA} onApply={setSettings} />
      <FileDrop accept={VIDEO_ACCEPT} onFiles={jobs.addFiles} typesLabel="MP4, WebM, MOV, AVI, MKV, TS, M2TS, FLV" />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('engineNote')}</p>
      <RerunControl jobs={jobs} action={t('media:rerun')} />
      <ResultList jobs={jobs} zipName="localkit-gifs.zip" selectedId={selected?.id} onSelect={select} />
      <MediaPreview row={selected} kind="image" />
    </div>
  );
}

