import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from './runner';

/** Keep the background transparent, or lay the cut-out on a colour. */
export function BackgroundSettings({ settings, onChange }: { settings: Settings; onChange: (patch: Partial<Settings>) => void }) {
  const { t } = useTranslation('image-removebg');
  const id = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-4 text-sm">
      <legend className="mb-2 font-medium">{t('background.label')}</legend>
      <label className="flex items-center gap-2">
        <input type="radio" name={`${id}-bg`} checked={settings.background === 'transparent'} onChange={() => onChange({ background: 'transparent' })} data-testid="bg-transparent" />
        {t('background.transparent')}
      </label>
      <label className="flex items-center gap-2">
        <input type="radio" name={`${id}-bg`} checked={settings.background === 'color'} onChange={() => onChange({ background: 'color' })} data-testid="bg-color" />
        {t('background.color')}
      </label>
      <input
        type="color"
        value={settings.color}
        onChange={(e) => onChange({ color: e.target.value, background: 'color' })}
        aria-label={t('background.pick')}
        className="h-8 w-12 cursor-pointer rounded border border-zinc-300 bg-transparent dark:border-zinc-700"
        data-testid="bg-color-value"
      />
    </fieldset>
  );
}
