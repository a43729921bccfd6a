import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CASE_MODES, CHINESE_MODES, type Mode } from './modes';

interface Props {
  mode: Mode;
  onChange: (mode: Mode) => void;
}

/** The conversion, for the text box and the files alike: letter cases and Chinese scripts, with a one-line hint. */
export function ModePicker({ mode, onChange }: Props) {
  const { t } = useTranslation('text-converter');
  const id = useId();
  return (
    <div className="panel flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
      <label htmlFor={id} className="shrink-0 text-sm font-medium">
        {t('modeLabel')}
      </label>
      <select
        id={id}
        value={mode}
        onChange={(e) => onChange(e.target.value as Mode)}
        className="field w-full sm:w-auto sm:min-w-72"
        data-testid="mode"
        aria-describedby={`${id}-hint`}
      >
        <optgroup label={t('groups.case')}>
          {CASE_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`modes.${m}`)}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('groups.chinese')}>
          {CHINESE_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`modes.${m}`)}
            </option>
          ))}
        </optgroup>
      </select>
      <p id={`${id}-hint`} className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="mode-hint">
        {t(`hints.${mode}`)}
      </p>
    </div>
  );
}
