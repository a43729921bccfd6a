import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ResizeControls } from '../resize/ResizeControls';
import type { ResizeStep } from './resizeStep';

interface Props {
  value: ResizeStep;
  onChange: (step: ResizeStep) => void;
  /** The second step's name as shown, e.g. "Compress to WebP". */
  then: string;
}

/** "Resize first", and the pipeline the files go through: one pass, one set of settings. */
export function ResizeStepControls({ value, onChange, then }: Props) {
  const { t } = useTranslation('image-codecs');
  const size = value.mode === 'percent' ? `${value.percent} %` : [value.width || t('resize.auto'), value.height || t('resize.auto')].join(' × ');
  return (
    <div className="space-y-3">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={value.on} onChange={(e) => onChange({ ...value, on: e.target.checked })} data-testid="resize-first" />
        {t('pipeline.resizeFirst')}
      </label>
      {value.on && <ResizeControls value={value} onChange={(patch) => onChange({ ...value, ...patch })} />}
      <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400" data-testid="pipeline">
        <span className="font-medium">{t('pipeline.label')}</span>
        {value.on && (
          <>
            <span className="rounded bg-zinc-100 px-2 py-0.5 dark:bg-zinc-800">{t('pipeline.resize', { size })}</span>
            <ArrowRight className="size-4" aria-label={t('pipeline.then')} />
          </>
        )}
        <span className="rounded bg-zinc-100 px-2 py-0.5 dark:bg-zinc-800">{then}</span>
      </p>
    </div>
  );
}
