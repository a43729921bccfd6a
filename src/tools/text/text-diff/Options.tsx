import { useTranslation } from 'react-i18next';
import { bool, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import { RadioGroup } from '../../../ui/controls';
import type { DiffMode } from './types';

type DiffView = 'split' | 'unified';

interface DiffSettings {
  mode: DiffMode;
  view: DiffView;
  ignoreWhitespace: boolean;
  ignoreCase: boolean;
  collapse: boolean;
}

export const DEFAULT_SETTINGS: DiffSettings = { mode: 'line', view: 'split', ignoreWhitespace: false, ignoreCase: false, collapse: true };

const MODES: DiffMode[] = ['line', 'word', 'char'];
const VIEWS: DiffView[] = ['split', 'unified'];

/** What a stored or linked value must be, field by field. */
export const DIFF_SCHEMA: SettingsSchema<DiffSettings> = {
  mode: oneOf(MODES),
  view: oneOf(VIEWS),
  ignoreWhitespace: bool(),
  ignoreCase: bool(),
  collapse: bool(),
};

export function Options({ settings, onChange }: { settings: DiffSettings; onChange: (patch: Partial<DiffSettings>) => void }) {
  const { t } = useTranslation('text-diff');
  const check = (key: 'ignoreWhitespace' | 'ignoreCase' | 'collapse', testId: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" className="size-4 accent-blue-700" checked={settings[key]} onChange={(e) => onChange({ [key]: e.target.checked })} data-testid={testId} />
      {t(`options.${key}`)}
    </label>
  );
  return (
    <>
      <RadioGroup look="segmented" legendBeside legend={t('mode.label')} value={settings.mode} onChange={(mode) => onChange({ mode })} choices={MODES.map((m) => ({ value: m, label: t(`mode.${m}`), testId: `mode-${m}` }))} />
      <RadioGroup look="segmented" legendBeside legend={t('view.label')} value={settings.view} onChange={(view) => onChange({ view })} choices={VIEWS.map((v) => ({ value: v, label: t(`view.${v}`), testId: `view-${v}` }))} />
      {check('ignoreWhitespace', 'ignore-whitespace')}
      {check('ignoreCase', 'ignore-case')}
      {settings.view === 'split' && check('collapse', 'collapse')}
    </>
  );
}
