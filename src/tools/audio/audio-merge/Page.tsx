import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderedItem } from '../../../kit/OrderedFileList';
import { OrderedFilesInput } from '../../../kit/OrderedFilesInput';
import { ResultList } from '../../../kit/ResultList';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useOrderedJob } from '../../../kit/useOrderedJob';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { NumberField, Select } from '../../../ui/controls';
import { AUDIO_ACCEPT } from '../../accepts';
import { CROSSFADE_RANGE, MERGE_DEFAULTS, MERGE_FORMATS, MERGE_SCHEMA, type MergeSettings } from './join';

const client = () => import('./client');

export default function AudioMergePage() {
  const { t } = useTranslation('audio-merge');
  const [stored, , setStored] = useStoredSettings<MergeSettings>('audio-merge', MERGE_DEFAULTS, MERGE_SCHEMA);
  const settings = useMemo(() => ({ format: stored.format, crossfade: stored.crossfade }), [stored.format, stored.crossfade]);
  const update = (patch: Partial<MergeSettings>) => setStored((s) => ({ ...s, ...patch }));
  const { jobs, ...ordered } = useOrderedJob<OrderedItem, MergeSettings>({
    outputName: 'merged',
    mime: 'audio/*',
    settings,
    run: async (list, s, ctx) => (await client()).mergeJob(list, s, ctx),
    fallbackErrorKey: 'media:errors.conversionFailed',
    onDispose: () => void client().then((m) => m.disposeMerge()),
  });

  return (
    <div className="space-y-6" data-testid="audio-merge">
      <section className="panel grid gap-4 sm:grid-cols-2" aria-label={t('settings')}>
        <Select label={t('format')} value={settings.format} options={MERGE_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))} onChange={(format) => update({ format })} testId="format" />
        <NumberField decimal label={t('crossfade')} value={settings.crossfade} min={CROSSFADE_RANGE[0]} max={CROSSFADE_RANGE[1]} step={0.1} unit="s" widthClass="w-24" testId="crossfade" onChange={(crossfade) => update({ crossfade })} />
        <p className="text-sm text-zinc-600 dark:text-zinc-400 sm:col-span-2" data-testid="join-smoothing">{t('smoothing')}</p>
      </section>
      <SettingsPresets toolId="audio-merge" settings={stored} defaults={MERGE_DEFAULTS} schema={MERGE_SCHEMA} onApply={setStored} />
      <OrderedFilesInput accept={AUDIO_ACCEPT} typesLabel="MP3, WAV, FLAC, OGG, M4A, MP4, WebM" label={t('order')} startLabel={(count) => t('start', { count })} ordered={ordered} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('note')}</p>
      <ResultList jobs={jobs} zipName="localkit-merged-audio.zip" />
    </div>
  );
}
