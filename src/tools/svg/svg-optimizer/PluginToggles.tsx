import { useTranslation } from 'react-i18next';
import { EXTRA_PLUGINS, isOn, PRESET_PLUGINS, type OptimizerSettings } from './config';

interface Props {
  settings: OptimizerSettings;
  onToggle: (name: string) => void;
}

function Group({ title, names, settings, onToggle }: Props & { title: string; names: readonly string[] }) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">{title}</legend>
      <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        {names.map((name) => (
          <label key={name} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={isOn(settings, name)} onChange={() => onToggle(name)} data-testid={`plugin-${name}`} />
            <code className="truncate text-xs">{name}</code>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Every svgo plugin we offer as a checkbox: the preset's (on by default) and the riskier extras (off). */
export function PluginToggles(props: Props) {
  const { t } = useTranslation('svg-tools');
  return (
    <details className="panel">
      <summary className="cursor-pointer text-sm font-medium">{t('optimizer.plugins')}</summary>
      <div className="mt-3 space-y-4">
        <Group {...props} title={t('optimizer.preset')} names={PRESET_PLUGINS} />
        <Group {...props} title={t('optimizer.extras')} names={EXTRA_PLUGINS} />
      </div>
    </details>
  );
}
