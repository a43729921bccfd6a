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

/**
 * One choice out of a few: native radio inputs in a fieldset with the radiogroup role, so arrow keys, the tab stop
 * and the accessible names come from the browser. Each choice's testId sits on its input. Styles: .ctl-* in index.css.
 */
export function RadioGroup<T extends string | number>({ legend, value, choices, onChange, look = 'radios', testId, hideLegend, legendBeside }: Props<T>) {
  const name = useId();
  return (
    <fieldset role="radiogroup" className={legendBeside ? 'ctl-beside' : undefined} data-testid={testId}>
      <legend className={hideLegend ? 'sr-only' : 'ctl-legend'}>{legend}</legend>
      <div className={`ctl-${look}`}>
        {choices.map((c) => (
          <label key={c.value}>
            <input type="radio" name={name} value={c.value} checked={value === c.value} onChange={() => onChange(c.value)} data-testid={c.testId} />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
