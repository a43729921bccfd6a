import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
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
  const ids = { text: useId(), font: useId(), size: useId(), textError: useId() };
  const textProblem = validateText(value.text);
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t('generator.modeLegend')}</legend>
        <div className="inline-flex rounded-lg border border-zinc-300 p-0.5 dark:border-zinc-700" data-testid="glyph-mode">
          {GLYPH_MODES.map((m) => (
            <label key={m} className={`cursor-pointer rounded-md px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-500 ${value.mode === m ? 'bg-blue-600 text-white' : ''}`}>
              <input type="radio" className="sr-only" name="favicon-glyph-mode" value={m} checked={value.mode === m} onChange={() => onChange({ mode: m })} />
              {t(`generator.modes.${m}`)}
            </label>
          ))}
        </div>
      </fieldset>

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
            <label htmlFor={ids.font} className="block text-sm font-medium">
              {t('generator.font')}
            </label>
            <select id={ids.font} className="field w-full" value={value.font} onChange={(e) => onChange({ font: e.target.value })} data-testid="font">
              {FONTS.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.url ? f.label : t(`generator.fonts.${f.id}`)}
                </option>
              ))}
            </select>
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
        <div className="space-y-1">
          <label htmlFor={ids.size} className="block text-sm font-medium">
            {t('generator.fontSize', { value: value.fontSize })}
          </label>
          <input id={ids.size} type="range" min={20} max={100} step={1} className="w-full" value={value.fontSize} onChange={(e) => onChange({ fontSize: Number(e.target.value) })} data-testid="font-size" />
        </div>
        <ColorField label={t('generator.fontColor')} value={value.fontColor} onChange={(fontColor) => onChange({ fontColor })} testId="font-color" />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t('generator.shape')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1" data-testid="shape">
          {SHAPES.map((s) => (
            <label key={s} className="flex items-center gap-1.5 text-sm">
              <input type="radio" name="favicon-shape" value={s} checked={value.shape === s} onChange={() => onChange({ shape: s })} />
              {t(`generator.shapes.${s}`)}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
