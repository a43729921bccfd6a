import { RotateCcw, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Progress } from '../../../kit/Progress';
import type { BuildState } from './useBuild';

/** Working (indeterminate: a package is a handful of quick steps with no finer measure), cancelled or failed. */
export function BuildStatus<T>({ state, onCancel, onRetry }: { state: BuildState<T>; onCancel: () => void; onRetry: () => void }) {
  const { t } = useTranslation(['favicon', 'svg-tools', 'image-codecs']);
  if (state.status === 'working') {
    return (
      <div className="flex items-center gap-3" data-testid="build-status" data-status="working">
        <div className="min-w-0 flex-1">
          <Progress progress={{ kind: 'indeterminate', stage: 'favicon:progress.making' }} now={0} />
        </div>
        <button type="button" className="btn btn-ghost" onClick={onCancel} data-testid="cancel">
          <Square className="size-4" aria-hidden /> {t('common:actions.cancel')}
        </button>
      </div>
    );
  }
  const retry = (
    <button type="button" className="btn btn-ghost" onClick={onRetry} data-testid="retry">
      <RotateCcw className="size-4" aria-hidden /> {t('common:actions.retry')}
    </button>
  );
  if (state.status === 'error') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p className="flex-1 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200" role="alert" data-testid="row-error" data-status="error">
          {t(state.error.key, state.error.params)}
        </p>
        {retry}
      </div>
    );
  }
  if (state.status === 'cancelled') {
    return (
      <div className="flex flex-wrap items-center gap-2" data-testid="build-status" data-status="cancelled">
        <p className="flex-1 text-sm text-zinc-600 dark:text-zinc-400">{t('common:status.cancelled')}</p>
        {retry}
      </div>
    );
  }
  return null;
}
