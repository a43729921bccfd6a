import { useTranslation } from 'react-i18next';
import { NumberField, RadioGroup } from '../../../ui/controls';
import type { ResizeFields } from './resize';

/** Pixels or percentage, width/height, keep aspect ratio. */
export function ResizeControls({ value, onChange }: { value: ResizeFields; onChange: (p: Partial<ResizeFields>) => void }) {
  const { t } = useTranslation('image-codecs');
  return (
    <div className="space-y-3">
      <RadioGroup
        legend={t('resize.mode')}
        hideLegend
        value={value.mode}
        onChange={(mode) => onChange({ mode })}
        choices={[
          { value: 'pixels', label: t('resize.pixels'), testId: 'resize-mode-pixels' },
          { value: 'percent', label: t('resize.percent'), testId: 'resize-mode-percent' },
        ]}
      />
      {value.mode === 'pixels' ? (
        <div className="flex flex-wrap items-end gap-4 text-sm">
          <NumberField label={t('resize.width')} value={value.width} min={0} emptyAs0={t('resize.auto')} onChange={(width) => onChange({ width })} testId="resize-width" />
          <NumberField label={t('resize.height')} value={value.height} min={0} emptyAs0={t('resize.auto')} onChange={(height) => onChange({ height })} testId="resize-height" />
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
        <NumberField label={t('resize.percentLabel')} value={value.percent} min={1} max={1000} emptyAs0="" onChange={(percent) => onChange({ percent })} testId="resize-percent" />
      )}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('resize.hint')}</p>
    </div>
  );
}
