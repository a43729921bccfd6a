import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { RerunControl } from '../../../kit/RerunControl';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useFileJobs } from '../../../kit/useFileJobs';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import type { JobQueue } from '../../../kit/JobQueue';
import { AUDIO_ACCEPT } from '../../accepts';
import { LoudnessPanel } from './LoudnessPanel';
import { LOUDNESS_DEFAULTS, LOUDNESS_SCHEMA, loudnessLabel, type LoudnessSettings } from './settings';

const client = () => import('./client');

export default function AudioLoudnessPage() {
  const { t } = useTranslation('audio-loudness');
  const [stored, , setStored] = useStoredSettings<LoudnessSettings>('audio-loudness', LOUDNESS_DEFAULTS, LOUDNESS_SCHEMA);
  const settings = useMemo(() => ({ targetLufs: stored.targetLufs, ceiling: stored.ceiling }), [stored.targetLufs, stored.ceiling]);
  const queueRef = useRef<JobQueue<LoudnessSettings> | null>(null);
  const jobs = useFileJobs<LoudnessSettings>({
    settings,
    resultKey: (s) => JSON.stringify(s),
    autoStart: false,
    concurrency: 1,
    fallbackErrorKey: 'audio-loudness:errors.failed',
    run: async (file, s, ctx) => {
      const out = await (await client()).runLoudness(file, s, ctx);
      const row = queueRef.current?.getRows().find((r) => r.file === file);
      // The input's own measurement goes on the input's line: before, then after on the output's.
      if (row) queueRef.current?.setInputFacts(row.id, { format: loudnessLabel(out.before), ...(out.duration ? { duration: out.duration } : {}) });
      return { blob: out.blob, name: out.name, facts: out.facts, engine: out.engine };
    },
    onDispose: () => void client().then((m) => m.disposeLoudness()),
  });
  useEffect(() => {
    queueRef.current = jobs.queue;
  }, [jobs.queue]);

  return (
    <div className="space-y-6" data-testid="audio-loudness">
      <LoudnessPanel settings={settings} onChange={(patch) => setStored((s) => ({ ...s, ...patch }))} />
      <SettingsPresets toolId="audio-loudness" settings={stored} defaults={LOUDNESS_DEFAULTS} schema={LOUDNESS_SCHEMA} onApply={setStored} />
      <FileDrop accept={AUDIO_ACCEPT} onFiles={jobs.addFiles} typesLabel="WAV, FLAC, MP3, OGG, OPUS, M4A, MP4, WebM" />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('note')}</p>
      <RerunControl jobs={jobs} action={t('rerun')} />
      <ResultList jobs={jobs} zipName="localkit-loudness.zip" />
    </div>
  );
}
