import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../../ui/controls';
import type { Settings } from './runner';

/** Keep the background transparent, or lay the cut-out on a colour. */
export function BackgroundSettings({ settings, onChange }: { settings: Settings; onChange: (patch: Partial<Settings>) => void }) {
  const { t } = useTranslation('image-removebg');
  return (
    <div className="flex flex-wrap items-end gap-4">
      <RadioGroup
        legend={t('background.label')}
        value={settings.background}
        onChange={(background) => onChange({ background })}
        choices={[
          { value: 'transparent', label: t('background.transparent'), testId: 'bg-transparent' },
          { value: 'color', label: t('background.color'), testId: 'bg-color' },
        ]}
      />
      <input
        type="color"
        value={settings.color}
        onChange={(e) => onChange({ color: e.target.value, background: 'color' })}
        aria-label={t('background.pick')}
        className="h-8 w-12 cursor-pointer rounded border border-zinc-300 bg-transparent dark:border-zinc-700"
        data-testid="bg-color-value"
      />
    </div>
  );
}
