import { Link2, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanPresetName, readPresets, storePresets, withPreset, type Preset } from '../lib/presets';
import { parseSettings, type SettingsSchema } from '../lib/settings-schema';
import { presetLink } from '../lib/settings-url';
import { Select } from '../ui/controls';
import { toast } from '../ui/toast-store';

export interface PresetsProps<S extends object> {
  toolId: string;
  settings: S;
  defaults: S;
  schema: SettingsSchema<S>;
  onApply: (settings: S) => void;
  /** The preset name a shared link carried: shown, and offered as the name to save these settings under. */
  linkedName?: string;
}

/** Named settings kept on the device: pick one to apply it, or save the current settings under a name. */
export function PresetsMenu<S extends object>({ toolId, settings, defaults, schema, onApply, linkedName }: PresetsProps<S>) {
  const { t } = useTranslation();
  const [presets, setPresets] = useState<Preset<S>[]>(() => readPresets(toolId, defaults, schema));
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState(linkedName ?? '');

  const keep = (next: Preset<S>[]) => {
    setPresets(next);
    if (!storePresets(toolId, next)) toast({ title: t('presets.notSaved'), description: t('presets.notSavedHint'), variant: 'destructive' });
  };
  const apply = (presetName: string) => {
    setChosen(presetName);
    const preset = presets.find((p) => p.name === presetName);
    if (preset) onApply(parseSettings(preset.settings, defaults, schema));
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    const clean = cleanPresetName(name);
    if (!clean) return;
    keep(withPreset(presets, { name: clean, settings }));
    setChosen(clean);
    setName('');
    toast({ title: t('presets.saved'), description: clean });
  };
  const copyLink = async () => {
    const preset = presets.find((p) => p.name === chosen);
    if (!preset) return;
    try {
      await navigator.clipboard.writeText(presetLink(window.location.href, preset.name, preset.settings, defaults, schema));
      toast({ title: t('share.copied'), description: t('presets.linkCopiedHint', { name: preset.name }) });
    } catch {
      toast({ title: t('share.failed'), description: t('share.failedHint'), variant: 'destructive' });
    }
  };
  const remove = () => {
    keep(presets.filter((p) => p.name !== chosen));
    setChosen('');
  };

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="presets">
      {linkedName && (
        <p className="w-full text-zinc-700 dark:text-zinc-300" data-testid="preset-from-link">
          {t('presets.fromLink', { name: linkedName })}
        </p>
      )}
      {presets.length > 0 && (
        <Select
          inline
          className="max-w-64"
          label={t('presets.label')}
          value={chosen}
          options={[{ value: '', label: t('presets.choose') }, ...presets.map((p) => ({ value: p.name, label: p.name }))]}
          onChange={apply}
          testId="preset-select"
        />
      )}
      {chosen && (
        <button type="button" className="btn btn-outline" onClick={copyLink} data-testid="preset-link">
          <Link2 className="size-4" aria-hidden /> {t('presets.copyLink')}
        </button>
      )}
      {chosen && (
        <button type="button" className="btn btn-outline" onClick={remove} data-testid="preset-delete" aria-label={t('presets.delete', { name: chosen })} title={t('presets.delete', { name: chosen })}>
          <Trash2 className="size-4" aria-hidden />
        </button>
      )}
      <form className="flex min-w-0 items-center gap-2" onSubmit={save}>
        <input
          className="field w-60 min-w-0"
          value={name}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('presets.namePlaceholder')}
          aria-label={t('presets.namePlaceholder')}
          data-testid="preset-name"
        />
        <button type="submit" className="btn btn-outline" disabled={!cleanPresetName(name)} data-testid="preset-save">
          {t('presets.save')}
        </button>
      </form>
    </div>
  );
}
