import { useId, useState } from 'react';
import { parseMediaTime } from '../../lib/media-time';

interface Props {
  label: string;
  /** The text as typed (kept, so a half-typed time is not rewritten). */
  value: string;
  onChange: (text: string) => void;
  /** Shown under the field while the text is no time. */
  invalidText: string;
  testId: string;
  placeholder?: string;
}

/** A time typed as hh:mm:ss.mmm or seconds; the field says so while what is typed is no time. */
export function TimeField({ label, value, onChange, invalidText, testId, placeholder = '00:00:01.500' }: Props) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const invalid = parseMediaTime(value) === null;
  return (
    <div className="ctl">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        className="field w-40 font-mono"
        value={value}
        placeholder={placeholder}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => setTouched(true)}
        data-testid={testId}
      />
      {invalid && (touched || value !== '') && (
        <p id={`${id}-hint`} className="text-sm text-red-700 dark:text-red-400" data-testid={`${testId}-invalid`}>
          {invalidText}
        </p>
      )}
    </div>
  );
}
