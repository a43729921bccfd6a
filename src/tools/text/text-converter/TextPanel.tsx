import { ArrowUpFromLine, Copy, Eraser, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { KeptNotice } from '../../../kit/KeptNotice';
import { useStoredText } from '../../../kit/useStoredInput';
import type { WorkerPool } from '../../../runtime/WorkerPool';
import { toast } from '../../../ui/toast-store';
import type { ConverterApi } from './convert.worker';
import { CHINESE_TARGET_TAG, isChineseMode, type Mode } from './modes';
import { useLiveConversion } from './useLiveConversion';

const SOURCE_TAG: Partial<Record<Mode, string>> = { t2s: 'zh-Hant', tw2s: 'zh-TW', tw2sp: 'zh-TW', hk2s: 'zh-HK' };

/** Language of the text on each side, so the browser picks the right Chinese glyphs (and screen readers the voice). */
function langs(mode: Mode): { input?: string; output?: string } {
  if (!isChineseMode(mode)) return {};
  return { input: SOURCE_TAG[mode] ?? 'zh-CN', output: CHINESE_TARGET_TAG[mode] };
}

/** Type or paste, see the result at once (converted in the worker pool), copy it or convert it further. */
export function TextPanel({ pool, mode }: { pool: WorkerPool<ConverterApi>; mode: Mode }) {
  const { t } = useTranslation('text-converter');
  const id = useId();
  // Kept on this device across reloads until cleared.
  const [text, setText, kept] = useStoredText('text-converter');
  const live = useLiveConversion(pool, text, mode);
  const lang = langs(mode);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(live.output);
      toast({ title: t('common:actions.copied') });
    } catch {
      toast({ title: t('copyFailed'), variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-2">
        <label htmlFor={`${id}-in`} className="text-sm font-medium">
          {t('inputLabel')}
        </label>
        <textarea
          id={`${id}-in`}
          data-testid="text-input"
          lang={lang.input}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('placeholder')}
          spellCheck={false}
          className="field min-h-56 w-full resize-y text-base leading-relaxed"
        />
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline" onClick={() => setText('')} disabled={!text} data-testid="clear-text">
            <Eraser className="size-4" aria-hidden /> {t('common:actions.clearAll')}
          </button>
        </div>
        <KeptNotice kept={kept} />
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-out`} className="text-sm font-medium">
            {t('outputLabel')}
          </label>
          <span className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400" role="status" data-testid="text-status">
            {live.busy && text.length > 0 && (
              <>
                <LoaderCircle className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden />
                {t(live.loadingDictionary ? 'status.loadingDictionary' : 'status.converting')}
              </>
            )}
          </span>
        </div>
        <textarea
          id={`${id}-out`}
          data-testid="text-output"
          data-busy={live.busy}
          aria-busy={live.busy}
          lang={lang.output}
          readOnly
          value={live.output}
          spellCheck={false}
          className={`field min-h-56 w-full resize-y bg-zinc-50 text-base leading-relaxed dark:bg-zinc-950 ${live.busy ? 'opacity-60' : ''}`}
        />
        {live.errorKey && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="text-error">
            {t(live.errorKey)}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary" onClick={copy} disabled={!live.output || live.busy} data-testid="copy-output">
            <Copy className="size-4" aria-hidden /> {t('common:actions.copy')}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => setText(live.output)} disabled={!live.output || live.busy} data-testid="use-as-input">
            <ArrowUpFromLine className="size-4" aria-hidden /> {t('useAsInput')}
          </button>
        </div>
      </div>
    </div>
  );
}
