import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResizeFields } from './resize';

/** Pixels or percentage, width/height, keep aspect ratio. */
export function ResizeControls({ value, onChange }: { value: ResizeFields; onChange: (p: Partial<ResizeFields>) => void }) {
  const { t } = useTranslation('image-codecs');
  const id = useId();
  const num = (v: string) => (v === '' ? 0 : Math.max(0, Math.round(Number(v)) || 0));
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">{t('resize.mode')}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-mode`} checked={value.mode === 'pixels'} onChange={() => onChange({ mode: 'pixels' })} data-testid="resize-mode-pixels" />
          {t('resize.pixels')}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-mode`} checked={value.mode === 'percent'} onChange={() => onChange({ mode: 'percent' })} data-testid="resize-mode-percent" />
          {t('resize.percent')}
        </label>
      </fieldset>
      {value.mode === 'pixels' ? (
        <div className="flex flex-wrap items-end gap-4 text-sm">
          <label className="grid gap-1 font-medium" htmlFor={`${id}-w`}>
            {t('resize.width')}
            <input id={`${id}-w`} type="number" min={0} className="field w-32" value={value.width || ''} placeholder={t('resize.auto')} onChange={(e) => onChange({ width: num(e.target.value) })} data-testid="resize-width" />
          </label>
          <label className="grid gap-1 font-medium" htmlFor={`${id}-h`}>
            {t('resize.height')}
            <input id={`${id}-h`} type="number" min={0} className="field w-32" value={value.height || ''} placeholder={t('resize.auto')} onChange={(e) => onChange({ height: num(e.target.value) })} data-testid="resize-height" />
          </label>
          <label className="flex items-center gap-2 pb-2">
            <input type="checkbox" checked={value.keepAspect} onChange={(e) => onChange({ keepAspect: e.target.checked })} data-testid="keep-aspect" />
            {t('resize.keepAspect')}
          </label>
          <label className="flex items-center gap-2 pb-2">
            <input type="checkbox" checked={value.noEnlarge} onChange={(e) => onChange({ noEnlarge: e.target.checked })} data-testid="no-enlarge" />
            {t('resize.noEnlarge')}
          </label>
        </div>
      ) : (
        <label className="grid max-w-xs gap-1 text-sm font-medium" htmlFor={`${id}-p`}>
          {t('resize.percentLabel')}
          <input id={`${id}-p`} type="number" min={1} max={1000} className="field w-32" value={value.percent || ''} onChange={(e) => onChange({ percent: num(e.target.value) })} data-testid="resize-percent" />
        </label>
      )}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('resize.hint')}</p>
    </div>
  );
}
