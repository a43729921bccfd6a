import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/bytes';
import type { HeldFile } from './useTraceGuard';

interface Props {
  held: HeldFile[];
  onDownscale: (item: HeldFile) => void;
  onFull: (item: HeldFile) => void;
  onCancel: (item: HeldFile) => void;
}

const seconds = (s: number) => Math.max(1, Math.round(s));

/** Files held back before a slow or huge trace: what to expect, and downscale / full size / cancel. */
export function TraceGuard({ held, onDownscale, onFull, onCancel }: Props) {
  const { t, i18n } = useTranslation('svg-tools');
  if (held.length === 0) return null;
  return (
    <section className="panel space-y-3 border-amber-400 dark:border-amber-600" aria-label={t('traceGuard.title')} data-testid="trace-guard">
      {held.map((item) => (
        <div key={`${item.file.name}-${item.file.lastModified}-${item.file.size}`} className="space-y-2" data-testid="trace-guard-item" data-name={item.file.name}>
          <p className="text-sm" role="alert" data-testid="trace-guard-text">
            {t('traceGuard.cost', {
              name: item.file.name,
              width: item.width,
              height: item.height,
              megapixels: Math.round((item.width * item.height) / 1e5) / 10,
              mode: t(`trace.modes.${item.mode}`),
              seconds: seconds(item.estimate.seconds),
              size: formatBytes(item.estimate.bytes, i18n.language),
            })}
          </p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="trace-guard-offer">
            {t('traceGuard.offer', { width: item.target.width, height: item.target.height, seconds: seconds(item.targetEstimate.seconds), size: formatBytes(item.targetEstimate.bytes, i18n.language) })}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" onClick={() => onDownscale(item)} data-testid="trace-downscale">
              {t('traceGuard.downscale', { width: item.target.width, height: item.target.height })}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => onFull(item)} data-testid="trace-full">
              {t('traceGuard.full')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => onCancel(item)} data-testid="trace-cancel">
              {t('traceGuard.cancel')}
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
