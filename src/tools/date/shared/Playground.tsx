import { Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { text } from '../../../lib/settings-schema';
import { MAX_STORED_INPUT, useStoredInput } from '../../../kit/useStoredInput';
import { KeptNotice } from '../../../kit/KeptNotice';
import { Examples } from './Examples';
import type { ExampleGroup } from './examples';
import { libLocale } from './libLocale';
import { PlaygroundRunner } from './playgroundRunner';
import { ResultView } from './ResultView';
import { useDebounced } from './useDebounced';

const CODE_SCHEMA = { code: text(MAX_STORED_INPUT) };

export interface PlaygroundEngine {
  /** The tool's id, under which the expression is kept on this device. */
  toolId: string;
  /** Shown in texts: 'Day.js' or 'Moment.js'. */
  library: string;
  /** Starts the playground's worker, where the library runs in a realm of its own (frozen intrinsics). */
  createWorker: () => Worker;
  examples: ExampleGroup[];
}

/** The shared screen of the Day.js and Moment pages: an expression editor, its live result and examples. */
export function Playground({ engine }: { engine: PlaygroundEngine }) {
  const { t, i18n } = useTranslation('date-playground');
  // The expression is kept on this device across reloads; the first example when nothing is kept.
  const first = useMemo(() => ({ code: engine.examples[0].items[0] }), [engine]);
  const [stored, setStored, , kept] = useStoredInput(engine.toolId, first, CODE_SCHEMA);
  const code = stored.code;
  const setCode = (next: string) => setStored({ code: next });
  const settled = useDebounced(code, 250);
  const locale = libLocale(i18n.language);
  const [runner] = useState(() => new PlaygroundRunner(engine.createWorker));
  useEffect(() => () => runner.dispose(), [runner]);
  // Re-run when the UI language changes: relative times and localized formats follow it.
  useEffect(() => runner.request(settled, locale), [runner, settled, locale]);
  const shown = useSyncExternalStore(runner.subscribe, runner.getSnapshot);

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_360px]">
      <div className="min-w-0 space-y-4">
        <div className="space-y-2">
          <label htmlFor="playground-code" className="text-sm font-medium">
            {t('inputLabel', { library: engine.library })}
          </label>
          <textarea
            id="playground-code"
            data-testid="text-input"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            rows={4}
            className="field w-full resize-y font-mono text-sm"
          />
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('rule', { library: engine.library, locale })}</p>
            <KeptNotice kept={kept} className="w-full" />
            <button type="button" className="btn btn-outline ml-auto" onClick={() => setCode('')} disabled={!code}>
              <Trash2 className="size-4" aria-hidden /> {t('common:actions.clearAll')}
            </button>
          </div>
        </div>
        <ResultView outcome={shown.outcome} code={shown.code} pending={shown.pending} />
      </div>
      <Examples groups={engine.examples} onPick={setCode} />
    </div>
  );
}
