import { useTranslation } from 'react-i18next';
import { bool, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
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

function Segmented<T extends string>({ legend, name, values, value, onChange, label }: { legend: string; name: string; values: T[]; value: T; onChange: (v: T) => void; label: (v: T) => string }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="float-left mr-1 text-sm font-medium">{legend}</legend>
      <div className="inline-flex rounded-md border border-zinc-300 dark:border-zinc-700">
        {values.map((v) => (
          <label
            key={v}
            className="relative cursor-pointer border-zinc-300 px-2.5 py-1 text-sm first:rounded-l-[5px] not-first:border-l last:rounded-r-[5px] has-checked:bg-blue-700 has-checked:text-white has-focus-visible:z-10 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600 dark:border-zinc-700 dark:has-focus-visible:outline-blue-400"
          >
            <input type="radio" className="absolute inset-0 cursor-pointer appearance-none opacity-0" name={name} value={v} checked={value === v} onChange={() => onChange(v)} data-testid={`${name}-${v}`} />
            {label(v)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

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
      <Segmented legend={t('mode.label')} name="mode" values={MODES} value={settings.mode} onChange={(mode) => onChange({ mode })} label={(m) => t(`mode.${m}`)} />
      <Segmented legend={t('view.label')} name="view" values={VIEWS} value={settings.view} onChange={(view) => onChange({ view })} label={(v) => t(`view.${v}`)} />
      {check('ignoreWhitespace', 'ignore-whitespace')}
      {check('ignoreCase', 'ignore-case')}
      {settings.view === 'split' && check('collapse', 'collapse')}
    </>
  );
}
