import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioGroup, Select, Slider } from '../../../ui/controls';
import { ColorField } from '../shared/ColorField';
import { GLYPH_MODES, SHAPES, validateText, type GlyphMode, type Shape } from './design';
import { EmojiPicker } from './EmojiPicker';
import { FONTS } from './fonts';

// The picker and the icon set arrive together, on first use of the icon mode.
const IconPicker = lazy(async () => {
  const [picker] = await Promise.all([import('./IconPicker'), import('./icons').then((m) => m.loadIcons())]);
  return picker;
});

export interface GlyphSettingsValue {
  mode: GlyphMode;
  text: string;
  emoji: string;
  icon: string;
  font: string;
  fontSize: number;
  fontColor: string;
  shape: Shape;
}

interface Props {
  value: GlyphSettingsValue;
  onChange: (patch: Partial<GlyphSettingsValue>) => void;
}

/** What is drawn: text (1–2 characters), an emoji or an icon; its font, size and colour; the shape behind it. */
export function GlyphSettings({ value, onChange }: Props) {
  const { t } = useTranslation('favicon');
  const ids = { text: useId(), textError: useId() };
  const textProblem = validateText(value.text);
  return (
    <div className="space-y-4">
      <RadioGroup look="segmented" legend={t('generator.modeLegend')} value={value.mode} onChange={(mode) => onChange({ mode })} choices={GLYPH_MODES.map((m) => ({ value: m, label: t(`generator.modes.${m}`) }))} testId="glyph-mode" />

      {value.mode === 'text' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor={ids.text} className="block text-sm font-medium">
              {t('generator.text')}
            </label>
            <input
              id={ids.text}
              className="field w-full text-lg"
              value={value.text}
              onChange={(e) => onChange({ text: e.target.value })}
              aria-invalid={!!textProblem}
              aria-describedby={textProblem ? ids.textError : undefined}
              data-testid="text-input"
            />
            {textProblem && (
              <p id={ids.textError} className="text-sm text-red-700 dark:text-red-400" role="alert" data-testid="text-error">
                {t(`generator.textErrors.${textProblem}`)}
              </p>
            )}
          </div>
          <div className="space-y-1">
            <Select label={t('generator.font')} value={value.font} options={FONTS.map((f) => ({ value: f.id, label: f.url ? f.label : t(`generator.fonts.${f.id}`) }))} onChange={(font) => onChange({ font })} testId="font" />
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('generator.fontNote')}</p>
          </div>
        </div>
      )}
      {value.mode === 'emoji' && <EmojiPicker value={value.emoji} onChange={(emoji) => onChange({ emoji })} />}
      {value.mode === 'icon' && (
        <Suspense fallback={<p className="text-sm text-zinc-600 dark:text-zinc-400">{t('common:loading')}</p>}>
          <IconPicker value={value.icon} onChange={(icon) => onChange({ icon })} />
        </Suspense>
      )}

      <div className="grid gap-3 sm:grid-cols-2">
        <Slider label={t('generator.fontSize', { value: value.fontSize })} showValue={false} value={value.fontSize} min={20} max={100} onChange={(fontSize) => onChange({ fontSize })} testId="font-size" />
        <ColorField label={t('generator.fontColor')} value={value.fontColor} onChange={(fontColor) => onChange({ fontColor })} testId="font-color" />
      </div>
      <RadioGroup legend={t('generator.shape')} value={value.shape} onChange={(shape) => onChange({ shape })} choices={SHAPES.map((s) => ({ value: s, label: t(`generator.shapes.${s}`) }))} testId="shape" />
    </div>
  );
}
