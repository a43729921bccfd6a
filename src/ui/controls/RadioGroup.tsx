import { useId, type ReactNode } from 'react';

export interface Choice<T extends string | number> {
  value: T;
  label: ReactNode;
  testId?: string;
}

interface Props<T extends string | number> {
  legend: ReactNode;
  value: T | undefined;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  /** 'segmented': one pill of buttons; 'radios': plain radio buttons in a row. */
  look?: 'segmented' | 'radios';
  testId?: string;
  /** Hide the legend visually (it still names the group). */
  hideLegend?: boolean;
  /** The legend on the same line as the choices. */
  legendBeside?: boolean;
}

const SEGMENT =
  'relative cursor-pointer border-zinc-300 px-2.5 py-1 text-sm first:rounded-l-[5px] not-first:border-l last:rounded-r-[5px] has-checked:bg-blue-700 has-checked:text-white has-focus-visible:z-10 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600 dark:border-zinc-700 dark:has-focus-visible:outline-blue-400';

/**
 * One choice out of a few: native radio inputs in a fieldset with the radiogroup role, so arrow keys, the tab stop and the accessible
 * names come from the browser. Each choice's testId sits on its input.
 */
export function RadioGroup<T extends string | number>({ legend, value, choices, onChange, look = 'radios', testId, hideLegend, legendBeside }: Props<T>) {
  const name = useId();
  const segmented = look === 'segmented';
  return (
    <fieldset role="radiogroup" className={legendBeside ? 'flex flex-wrap items-center gap-2' : undefined} data-testid={testId}>
      <legend className={hideLegend ? 'sr-only' : legendBeside ? 'float-left mr-1 text-sm font-medium' : 'mb-1 text-sm font-medium'}>{legend}</legend>
      <div className={segmented ? 'inline-flex rounded-md border border-zinc-300 dark:border-zinc-700' : 'flex flex-wrap gap-x-4 gap-y-1'}>
        {choices.map((c) => (
          <label key={c.value} className={segmented ? SEGMENT : 'flex items-center gap-1.5 text-sm'}>
            <input
              type="radio"
              className={segmented ? 'absolute inset-0 cursor-pointer appearance-none opacity-0' : undefined}
              name={name}
              value={c.value}
              checked={value === c.value}
              onChange={() => onChange(c.value)}
              data-testid={c.testId}
            />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
