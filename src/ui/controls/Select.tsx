import { useId, type ReactNode } from 'react';

export interface Option<T extends string | number> {
  value: T;
  label: ReactNode;
}

interface Props<T extends string | number> {
  label: ReactNode;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
  testId?: string;
  className?: string;
  /** Label beside the field instead of above it (toolbars). */
  inline?: boolean;
}

/** A labelled <select> over typed values: the label above, the field full width (a long option never widens the column). */
export function Select<T extends string | number>({ label, value, options, onChange, testId, className = '', inline }: Props<T>) {
  const id = useId();
  return (
    <div className={`${inline ? 'ctl-row' : 'ctl'} ${className}`}>
      <label htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field w-full min-w-0"
        value={value}
        onChange={(e) => onChange(options[e.target.selectedIndex].value)}
        data-testid={testId}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
