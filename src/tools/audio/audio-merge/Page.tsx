import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../kit/FileDrop';
import { OrderedFileList, type OrderedItem } from '../../../kit/OrderedFileList';
import { ResultList } from '../../../kit/ResultList';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useOrderedJob } from '../../../kit/useOrderedJob';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { Select } from '../../../ui/controls';
import { AUDIO_ACCEPT } from '../../accepts';
import { CROSSFADE_RANGE, MERGE_DEFAULTS, MERGE_FORMATS, MERGE_SCHEMA, type MergeSettings } from './join';

const client = () => import('./client');

export default function AudioMergePage() {
  const { t } = useTranslation('audio-merge');
  const [stored, , setStored] = useStoredSettings<MergeSettings>('audio-merge', MERGE_DEFAULTS, MERGE_SCHEMA);
  const settings = useMemo(() => ({ format: stored.format, crossfade: stored.crossfade }), [stored.format, stored.crossfade]);
  const update = (patch: Partial<MergeSettings>) => setStored((s) => ({ ...s, ...patch }));
  const [draft, setDraft] = useState<string | null>(null);
  const { items, setItems, add, start, jobs } = useOrderedJob<OrderedItem, MergeSettings>({
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
        <label className="ctl">
          {t('crossfade')}
          <span className="flex items-center gap-1">
            <input
              type="number"
              className="field w-24"
              min={CROSSFADE_RANGE[0]}
              max={CROSSFADE_RANGE[1]}
              step={0.1}
              value={draft ?? String(settings.crossfade)}
              onChange={(e) => {
                setDraft(e.target.value);
                const v = Number(e.target.value);
                if (e.target.value.trim() !== '' && Number.isFinite(v) && v >= CROSSFADE_RANGE[0] && v <= CROSSFADE_RANGE[1]) update({ crossfade: v });
              }}
              onBlur={() => setDraft(null)}
              data-testid="crossfade"
            />
            <span className="text-zinc-600 dark:text-zinc-400">s</span>
          </span>
        </label>
      </section>
      <SettingsPresets toolId="audio-merge" settings={stored} defaults={MERGE_DEFAULTS} schema={MERGE_SCHEMA} onApply={setStored} />
      <FileDrop accept={AUDIO_ACCEPT} onFiles={(files) => add(files, (file, id) => ({ id, file }))} typesLabel="MP3, WAV, FLAC, OGG, M4A, MP4, WebM" />
      <OrderedFileList label={t('order')} items={items} onChange={setItems} />
      {items.length > 0 && (
        <button type="button" className="btn btn-primary" onClick={start} data-testid="start">
          {t('start', { count: items.length })}
        </button>
      )}
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('note')}</p>
      <ResultList jobs={jobs} zipName="localkit-merged-audio.zip" />
    </div>
  );
}
