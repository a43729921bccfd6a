import { useTranslation } from 'react-i18next';
import { WATERMARK_FONTS } from '../../../engines/codecs/watermark';
import { NumberField, RadioGroup, Select, Slider } from '../../../ui/controls';
import { AnchorPicker } from './AnchorPicker';
import { LogoPicker, type Logo } from './LogoPicker';
import type { WatermarkSettings } from './watermark';

interface Props {
  value: WatermarkSettings;
  onChange: (patch: Partial<WatermarkSettings>) => void;
  logo?: Logo;
  onLogo: (logo: Logo | undefined) => void;
}

/** What the mark is (text or logo), how it looks, and where it goes: an anchor and a typed offset, or tiled. */
export function WatermarkControls({ value, onChange, logo, onLogo }: Props) {
  const { t } = useTranslation('image-watermark');
  return (
    <div className="space-y-4">
      <RadioGroup
        legend={t('kind')}
        look="segmented"
        value={value.kind}
        onChange={(kind) => onChange({ kind })}
        choices={[
          { value: 'text', label: t('kindText'), testId: 'watermark-kind-text' },
          { value: 'image', label: t('kindImage'), testId: 'watermark-kind-image' },
        ]}
      />
      {value.kind === 'text' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="ctl sm:col-span-2">
            <span>{t('text')}</span>
            <textarea className="field min-h-16" value={value.text} maxLength={500} onChange={(e) => onChange({ text: e.target.value })} data-testid="watermark-text" />
          </label>
          <Select label={t('font')} value={value.font} options={WATERMARK_FONTS.map((f) => ({ value: f, label: t(`fonts.${f}`) }))} onChange={(font) => onChange({ font })} testId="font" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={value.bold} onChange={(e) => onChange({ bold: e.target.checked })} data-testid="bold" />
            {t('bold')}
          </label>
          <NumberField label={t('size')} value={value.size} min={1} max={50} unit="%" onChange={(size) => onChange({ size })} testId="size" />
          <label className="flex items-center gap-2 text-sm">
            <input type="color" value={value.colour} onChange={(e) => onChange({ colour: e.target.value })} className="h-8 w-10 rounded border border-zinc-300 dark:border-zinc-700" data-testid="colour" />
            {t('colour')}
          </label>
          <p className="text-xs text-zinc-600 sm:col-span-2 dark:text-zinc-400">{t('fontsHint')}</p>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <LogoPicker logo={logo} onLogo={onLogo} />
          </div>
          <NumberField label={t('scale')} value={value.scale} min={1} max={100} unit="%" onChange={(scale) => onChange({ scale })} testId="scale" />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Slider label={t('opacity')} value={value.opacity} min={1} max={100} unit="%" onChange={(opacity) => onChange({ opacity })} testId="opacity" />
        <NumberField label={t('angle')} value={value.angle} min={-180} max={180} unit="°" onChange={(angle) => onChange({ angle })} testId="angle" />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={value.tiled} onChange={(e) => onChange({ tiled: e.target.checked })} data-testid="tiled" />
        {t('tiled')}
      </label>
      <div className="flex flex-wrap items-end gap-4">
        <AnchorPicker value={value.anchor} onChange={(anchor) => onChange({ anchor })} disabled={value.tiled} />
        <NumberField label={t('offsetX')} value={value.offsetX} min={-10000} max={10000} unit="px" onChange={(offsetX) => onChange({ offsetX })} testId="offset-x" />
        <NumberField label={t('offsetY')} value={value.offsetY} min={-10000} max={10000} unit="px" onChange={(offsetY) => onChange({ offsetY })} testId="offset-y" />
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('offsetHint')}</p>
    </div>
  );
}
