import { Bookmark } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanPresetName } from '../lib/presets';
import { PRESET_PARAM } from '../lib/settings-url';
import type { PresetsProps } from './PresetsMenu';

// The menu's code loads when it is first opened: most visits never use presets, and every tool page carries this.
const Menu = lazy(() => import('./PresetsMenu').then((m) => ({ default: m.PresetsMenu as ComponentType<PresetsProps<object>> })));

/** "Presets": named settings kept on the device, opened on demand. */
export function SettingsPresets<S extends object>(props: PresetsProps<S>) {
  const { t } = useTranslation();
  // A link to a preset ("copy link to this preset") names it: the menu opens with the name, ready to save.
  const [linkedName] = useState(() => cleanPresetName(new URLSearchParams(window.location.search).get(PRESET_PARAM)));
  const [open, setOpen] = useState(!!linkedName);
  if (!open) {
    return (
      <button type="button" className="btn btn-ghost text-sm" onClick={() => setOpen(true)} aria-expanded={false} data-testid="presets-open">
        <Bookmark className="size-4" aria-hidden /> {t('presets.label')}
      </button>
    );
  }
  return (
    <Suspense fallback={null}>
      <Menu {...(props as unknown as PresetsProps<object>)} linkedName={linkedName || undefined} />
    </Suspense>
  );
}
