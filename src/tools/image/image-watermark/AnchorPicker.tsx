import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ANCHORS, type Anchor } from '../../../engines/codecs/watermark';

const ARROWS: Record<Anchor, string> = { 'top-left': '↖', top: '↑', 'top-right': '↗', left: '←', centre: '•', right: '→', 'bottom-left': '↙', bottom: '↓', 'bottom-right': '↘' };

/** Nine anchors as a 3×3 grid of native radio buttons (arrow keys move between them); each named in words. */
export function AnchorPicker({ value, onChange, disabled }: { value: Anchor; onChange: (a: Anchor) => void; disabled?: boolean }) {
  const { t } = useTranslation('image-watermark');
  const name = useId();
  return (
    <fieldset role="radiogroup" disabled={disabled} className="disabled:opacity-50">
      <legend className="ctl-legend">{t('position')}</legend>
      <div className="grid w-fit grid-cols-3 gap-1">
        {ANCHORS.map((a) => (
          <label key={a} className="relative grid h-9 w-9 cursor-pointer place-items-center rounded-md border border-zinc-300 text-lg has-[:checked]:border-sky-600 has-[:checked]:bg-sky-600 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500 dark:border-zinc-700">
            <input type="radio" className="absolute inset-0 m-0 cursor-pointer opacity-0" name={name} value={a} checked={value === a} onChange={() => onChange(a)} aria-label={t(`anchors.${a}`)} data-testid={`anchor-${a}`} />
            <span aria-hidden="true" className="pointer-events-none">{ARROWS[a]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
