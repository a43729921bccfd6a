import { useTranslation } from 'react-i18next';
import { CopyButton } from './CopyButton';
import type { RunOutcome } from './outcome';

const NS = ['date-playground', 'common'];

/** `code` is the expression the outcome belongs to (tests wait on it after the debounce). */
export function ResultView({ outcome, code, pending = false }: { outcome: RunOutcome; code: string; pending?: boolean }) {
  const { t } = useTranslation('date-playground');
  const status = !outcome ? 'empty' : outcome.ok ? 'done' : 'error';

  return (
    <section aria-labelledby="playground-result" className="panel space-y-2" data-testid="text-output" data-status={status} data-code={code} aria-live="polite" aria-busy={pending}>
      <div className="flex items-center justify-between gap-2">
        <h2 id="playground-result" className="text-sm font-semibold">
          {t('result')}
          {outcome?.ok && (
            <span className="ml-2 rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-normal text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300" data-testid="result-kind" data-kind={outcome.value.kind}>
              {t(`kinds.${outcome.value.kind}`)}
            </span>
          )}
        </h2>
        {outcome?.ok && (
          <CopyButton text={outcome.value.value} label={t('result')} testId="copy-result" withText />
        )}
      </div>
      {!outcome && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(pending ? 'running' : 'emptyResult')}</p>}
      {outcome && !outcome.ok && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="result-error" data-key={outcome.error.key}>
          {t(outcome.error.key, { ...translateParams(outcome.error.params, t), ns: NS })}
        </p>
      )}
      {outcome?.ok && (
        <>
          <pre className="overflow-x-auto font-mono text-base break-words whitespace-pre-wrap" data-testid="result-value">
            {outcome.value.value}
          </pre>
          {outcome.value.secondary !== undefined && (
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              <span className="text-zinc-600 dark:text-zinc-400">{t(outcome.value.kind === 'duration' ? 'humanized' : 'formatted')}</span>{' '}
              <code className="font-mono break-words" data-testid="result-secondary">
                {outcome.value.secondary}
              </code>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** `kind` params are keys of their own (kinds.*, constructs.*): translate them before they go into the message. */
function translateParams(params: Record<string, string | number> | undefined, t: (key: string) => string) {
  if (!params) return {};
  const out: Record<string, string | number> = { ...params };
  if (typeof params.kind === 'string') out.kind = t(`constructs.${params.kind}`);
  if (typeof params.target === 'string') out.target = t(`kinds.${params.target}`);
  return out;
}
