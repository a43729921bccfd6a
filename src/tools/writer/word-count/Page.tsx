import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHandedFiles } from '../../../kit/useHandedFiles';
import { useStoredText } from '../../../kit/useStoredInput';
import { readTextFile } from '../../../lib/text-file';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import { countText, debugInfo, type CountMode } from './count';
import { Select } from '../../../ui/controls';

const MODES: CountMode[] = ['auto', 'general', 'zh', 'ja', 'ko'];
const DEFAULTS: { mode: CountMode } = { mode: 'auto' };
const SCHEMA: SettingsSchema<{ mode: CountMode }> = { mode: oneOf(MODES) };
const STATS = ['words', 'characters', 'charactersNoSpaces', 'paragraphs', 'lines', 'sentences'] as const;

export default function WordCountPage() {
  const { t, i18n } = useTranslation('word-count');
  // Kept on this device across reloads until cleared.
  const [text, setText] = useStoredText('word-count');
  // The counting mode is remembered and travels in the link (?mode=ja) like every tool's settings.
  const [{ mode }, update] = useStoredSettings('word-count', DEFAULTS, SCHEMA);
  const setMode = (next: CountMode) => update({ mode: next });
  // A text file sent here (from /open or another tool) is counted; one that is not text is left out with a warning.
  useHandedFiles((files) => void readTextFile(files[0]).then(({ text: handed }) => setText(handed), (error: unknown) => console.warn('A handed-over file is not text', error)));
  const [showDebug, setShowDebug] = useState(false);
  // Counting a long text can take a few ms: let typing stay ahead of it.
  const deferred = useDeferredValue(text);
  const stats = countText(deferred, mode);
  const fmt = new Intl.NumberFormat(i18n.language);
  const minutes = stats.readingMinutes;
  const reading = minutes === 0 ? '0' : minutes < 1 ? t('lessThanMinute') : t('minutes', { count: Math.round(minutes) });
  const debug = showDebug ? debugInfo(deferred, mode) : null;

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_320px]">
      <div className="min-w-0 space-y-2">
        <label htmlFor="wc-text" className="text-sm font-medium">
          {t('inputLabel')}
        </label>
        <textarea
          id="wc-text"
          data-testid="text-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('placeholder')}
          className="field min-h-[320px] w-full resize-y font-[inherit] text-base leading-relaxed"
        />
        <div className="flex flex-wrap items-center gap-3">
          <Select inline className="max-w-full" label={t('modeLabel')} value={mode} options={MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))} onChange={setMode} testId="count-mode" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={showDebug} onChange={(e) => setShowDebug(e.target.checked)} data-testid="debug-toggle" />
            {t('debug')}
          </label>
          <button type="button" className="btn btn-outline" onClick={() => setText('')} disabled={!text}>
            {t('common:actions.clearAll')}
          </button>
        </div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="input-kept">{t('common:inputs.kept')}</p>
      </div>
      <section aria-label={t('statsLabel')} className="panel h-fit space-y-3" data-testid="text-output">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('usedMode', { mode: t(`modes.${stats.mode}`) })}</p>
        <dl className="grid grid-cols-2 gap-3">
          {STATS.map((key) => (
            <div key={key} className="rounded-md bg-zinc-100 p-3 dark:bg-zinc-800">
              <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t(`stats.${key}`)}</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid={`stat-${key}`} data-value={stats[key]}>
                {fmt.format(stats[key])}
              </dd>
            </div>
          ))}
          <div className="col-span-2 rounded-md bg-zinc-100 p-3 dark:bg-zinc-800">
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t('stats.readingTime')}</dt>
            <dd className="text-2xl font-semibold" data-testid="stat-readingTime">
              {reading}
            </dd>
          </div>
        </dl>
      </section>
      {debug && (
        <section className="panel space-y-2 text-sm lg:col-span-2" data-testid="debug-view">
          <p>
            <strong>{t('debugFirst')}</strong> <code className="whitespace-pre-wrap break-all">{JSON.stringify(debug.first)}</code>
          </p>
          <p>
            <strong>{t('debugLast')}</strong> <code className="whitespace-pre-wrap break-all">{JSON.stringify(debug.last)}</code>
          </p>
          <p>
            <strong>{t('debugSegments')}</strong>
          </p>
          <ol className="flex flex-wrap gap-1">
            {debug.segments.map((s, i) => (
              <li key={i} className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono dark:bg-zinc-800">
                {s}
              </li>
            ))}
            {debug.more > 0 && <li className="px-1.5 py-0.5 text-zinc-500">{t('debugMore', { count: debug.more })}</li>}
          </ol>
        </section>
      )}
    </div>
  );
}
