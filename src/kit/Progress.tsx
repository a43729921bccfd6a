import { useTranslation } from 'react-i18next';
import { formatBytes, formatDuration } from '../lib/bytes';
import type { JobProgress } from '../runtime/jobs';

/** Seconds left from real progress so far; undefined until there is enough to go on. */
export function estimateSecondsLeft(progress: JobProgress | undefined, startedAt: number | undefined, now: number): number | undefined {
  if (!progress || progress.kind !== 'fraction' || startedAt === undefined || progress.done <= 0 || progress.total <= 0) return undefined;
  const elapsed = (now - Math.max(startedAt, progress.since ?? startedAt)) / 1000;
  if (elapsed < 1) return undefined;
  return (elapsed / progress.done) * (progress.total - progress.done);
}

function amount(p: Extract<JobProgress, { kind: 'fraction' }>, locale: string): string {
  if (p.unit === 'bytes') return `${formatBytes(p.done, locale)} / ${formatBytes(p.total, locale)}`;
  if (p.unit === 'percent') return `${Math.floor(p.done)}%`;
  return `${p.done} / ${p.total}`;
}

/** A bar for real progress, an indeterminate stripe where nothing finer is known. Never invented numbers. */
export function Progress({ progress, startedAt, now }: { progress?: JobProgress; startedAt?: number; now: number }) {
  const { t, i18n } = useTranslation();
  const stage = progress?.stage ? t(progress.stage) : undefined;
  if (!progress || progress.kind === 'indeterminate') {
    return (
      <div className="w-full" data-testid="progress" data-kind="indeterminate">
        <div className="relative h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700" role="progressbar" aria-label={stage ?? t('progress.working')}>
          <div className="progress-indeterminate absolute inset-y-0 w-1/3 rounded-full bg-blue-600" />
        </div>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{stage ?? t('progress.working')}</span>
      </div>
    );
  }
  const pct = progress.total > 0 ? Math.min(100, (progress.done / progress.total) * 100) : 0;
  const eta = estimateSecondsLeft(progress, startedAt, now);
  return (
    <div className="w-full" data-testid="progress" data-kind="fraction" data-done={progress.done} data-total={progress.total} data-stage={progress.stage}>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-label={stage ?? t('progress.working')}
      >
        <div className="h-full rounded-full bg-blue-600 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
      <span className="text-xs text-zinc-600 dark:text-zinc-400">
        {stage ? `${stage} · ` : ''}
        {amount(progress, i18n.language)}
        {eta !== undefined ? ` · ${t('progress.eta', { time: formatDuration(eta) })}` : ''}
      </span>
    </div>
  );
}
