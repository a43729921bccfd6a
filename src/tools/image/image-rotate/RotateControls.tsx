import { useTranslation } from 'react-i18next';
import { FlipChecks, NumberField } from '../../../ui/controls';
import { isLosslessForJpeg, normalAngle, type RotateSettings } from './rotate';

/** Quarter turns, flips and any angle (typed, degrees clockwise). */
export function RotateControls({ value, onChange }: { value: RotateSettings; onChange: (p: Partial<RotateSettings>) => void }) {
  const { t } = useTranslation('image-rotate');
  const turn = (by: number) => onChange({ angle: normalAngle(value.angle + by) });
  const button = 'rounded-md border border-zinc-300 px-3 py-1.5 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800';
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <button type="button" className={button} onClick={() => turn(-90)} data-testid="rotate-left">
          {t('left')}
        </button>
        <button type="button" className={button} onClick={() => turn(90)} data-testid="rotate-right">
          {t('right')}
        </button>
        <button type="button" className={button} onClick={() => turn(180)} data-testid="rotate-180">
          {t('half')}
        </button>
        <NumberField label={t('angle')} value={value.angle} min={0} max={359} unit="°" onChange={(angle) => onChange({ angle })} testId="angle" />
      </div>
      <FlipChecks flipH={value.flipH} flipV={value.flipV} onChange={onChange} labels={{ h: t('flipH'), v: t('flipV') }} />
      <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="lossless-hint" data-lossless={isLosslessForJpeg(value)}>
        {t(isLosslessForJpeg(value) ? 'lossless' : 'reencoded')}
      </p>
    </div>
  );
}
