import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { RerunControl } from '../../../kit/RerunControl';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useFileJobs } from '../../../kit/useFileJobs';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { DecimalField } from '../../../ui/controls';
import { AUDIO_ACCEPT } from '../../accepts';
import { PITCH_RANGE, SPEED_DEFAULTS, SPEED_SCHEMA, TEMPO_RANGE, type SpeedSettings } from './speed';

const client = () => import('./client');

const SpeedPanel = memo(function SpeedPanel({ settings: s, onChange }: { settings: SpeedSettings; onChange: (patch: Partial<SpeedSettings>) => void }) {
  const { t } = useTranslation('audio-speed');
  return (
    <section className="panel grid gap-4 sm:grid-cols-2" aria-label={t('settings')}>
      <DecimalField label={t('tempo')} value={s.tempo} range={TEMPO_RANGE} step={0.05} unit="×" testId="tempo" onChange={(tempo) => onChange({ tempo })} />
      <DecimalField label={t('pitch')} value={s.pitch} range={PITCH_RANGE} step={1} unit={t('semitones')} testId="pitch" onChange={(pitch) => onChange({ pitch })} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400 sm:col-span-2">{t('explain')}</p>
    </section>
  );
});

export default function AudioSpeedPage() {
  const { t } = useTranslation('audio-speed');
  const [stored, , setStored] = useStoredSettings<SpeedSettings>('audio-speed', SPEED_DEFAULTS, SPEED_SCHEMA);
  const settings = useMemo(() => ({ tempo: stored.tempo, pitch: stored.pitch }), [stored.tempo, stored.pitch]);
  const jobs = useFileJobs<SpeedSettings>({
    settings,
    resultKey: (s) => JSON.stringify(s),
    autoStart: false,
    concurrency: 1,
    fallbackErrorKey: 'media:errors.conversionFailed',
    run: async (file, s, ctx) => (await client()).runSpeed(file, s, ctx),
    onDispose: () => void client().then((m) => m.disposeSpeed()),
  });
  return (
    <div className="space-y-6" data-testid="audio-speed">
      <SpeedPanel settings={settings} onChange={(patch) => setStored((s) => ({ ...s, ...patch }))} />
      <SettingsPresets toolId="audio-speed" settings={stored} defaults={SPEED_DEFAULTS} schema={SPEED_SCHEMA} onApply={setStored} />
      <FileDrop accept={AUDIO_ACCEPT} onFiles={jobs.addFiles} typesLabel="WAV, FLAC, MP3, OGG, OPUS, M4A, MP4, WebM" />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('note')}</p>
      <RerunControl jobs={jobs} action={t('rerun')} />
      <ResultList jobs={jobs} zipName="localkit-speed.zip" />
    </div>
  );
}
