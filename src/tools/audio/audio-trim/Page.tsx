import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { MediaPreview } from '../../../kit/media/MediaPreview';
import { TrimSource } from '../../../kit/media/TrimSource';
import { Waveform } from '../../../kit/media/Waveform';
import { useMediaJobs } from '../../../kit/media/useMediaJobs';
import { ResultList } from '../../../kit/ResultList';
import { RerunControl } from '../../../kit/RerunControl';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import type { AudioTrimSettings } from '../../../engines/media/wav-trim';
import { TimeField } from '../../../kit/RangeEditor';
import { AUDIO_TRIM_ACCEPT } from '../../accepts';
import { AUDIO_TRIM_DEFAULTS, AUDIO_TRIM_SCHEMA } from './schema';

const runner = () => import('../../../engines/media/client').then((m) => m.runAudioTrim);

export default function AudioTrimPage() {
  const { t } = useTranslation('audio-trim');
  const [settings, update, setSettings] = useStoredSettings<AudioTrimSettings>('audio-trim', AUDIO_TRIM_DEFAULTS, AUDIO_TRIM_SCHEMA);
  const { jobs, selected, select } = useMediaJobs(runner, settings);
  const first = jobs.rows[0]?.file;

  return (
    <div className="space-y-6" data-testid="audio-trim">
      <TrimSource file={first} kind="audio" ranges={settings.ranges} mode={settings.mode} onChange={update} background={() => first && <Waveform file={first} />} />
      <section className="panel space-y-3" aria-label={t('options')}>
        <div className="flex flex-wrap items-end gap-3 text-sm">
          <TimeField label={t('fadeIn')} value={settings.fadeIn} onChange={(v) => update({ fadeIn: Math.min(60, v) })} testId="fade-in" invalidText={t('media:trim.invalid')} />
          <TimeField label={t('fadeOut')} value={settings.fadeOut} onChange={(v) => update({ fadeOut: Math.min(60, v) })} testId="fade-out" invalidText={t('media:trim.invalid')} />
        </div>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('lossless')}</p>
        <SettingsPresets toolId="audio-trim" settings={settings} defaults={AUDIO_TRIM_DEFAULTS} schema={AUDIO_TRIM_SCHEMA} onApply={setSettings} />
      </section>
      <FileDrop accept={AUDIO_TRIM_ACCEPT} onFiles={jobs.addFiles} typesLabel="WAV, FLAC, MP3, M4A, Ogg, Opus" />
      <RerunControl jobs={jobs} action={t('rerun')} />
      <ResultList jobs={jobs} zipName="localkit-trimmed-audio.zip" selectedId={selected?.id} onSelect={select} />
      <MediaPreview row={selected} kind="audio" />
    </div>
  );
}
