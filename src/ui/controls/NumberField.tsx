import { useState, type ReactNode } from 'react';

interface Props {
  label: ReactNode;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max?: number;
  step?: number;
  unit?: ReactNode;
  /** The field shows empty (with this placeholder) while the value is 0: "auto". */
  emptyAs0?: string;
  /** 'stacked': label above the field; 'inline': label beside it. */
  layout?: 'stacked' | 'inline';
  testId?: string;
  widthClass?: string;
  /** Decimals allowed: only a typed value that is a number within [min, max] is passed on (no rounding, no clamp). */
  decimal?: boolean;
  /** A range slider beside the field, for values people drag more than they type. */
  slider?: boolean;
}

/** What a typed text means: a whole number within [min, max]; empty is 0 where the field allows "auto". */
export function parseWhole(text: string, min: number, max: number, emptyIs0: boolean): number {
  if (text.trim() === '' && emptyIs0) return 0;
  const n = Math.round(Number(text));
  // 0 is a number: where min is negative (an offset), a typed 0 is 0, not min.
  return Math.min(max, Math.max(min, text.trim() !== '' && Number.isFinite(n) ? n : min));
}

/** What a typed decimal means: the number when it is one within [min, max], else null ("-", "1.", "" while typing). */
export function parseDecimal(text: string, min: number, max: number): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n >= min && n <= max ? n : null;
}

/**
 * A whole number (or with `decimal`, any number) with its label and unit. What is typed stays as typed while the field has focus; the value passed
 * on is always rounded and clamped, and on blur the field shows it.
 */
export function NumberField({ label, value, onChange, min, max = Number.MAX_SAFE_INTEGER, step, unit, emptyAs0, layout = 'stacked', testId, widthClass = 'w-32', decimal, slider }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (emptyAs0 !== undefined && value === 0 ? '' : String(value));
  return (
    <label className={layout === 'inline' ? 'ctl-row' : 'ctl'}>
      {label}
      <span className={`flex items-center ${slider ? 'gap-2' : 'gap-1'}`}>
        {slider && <input type="range" className="w-full" min={min} max={max} step={step} value={value} onChange={(e) => onChange(Number(e.target.value))} aria-label={typeof label === 'string' ? label : undefined} />}
        <input
          type="number"
          className={`field ${widthClass}`}
          min={emptyAs0 !== undefined ? 0 : min}
          max={max === Number.MAX_SAFE_INTEGER ? undefined : max}
          step={step}
          value={shown}
          placeholder={emptyAs0}
          onChange={(e) => {
            setDraft(e.target.value);
            if (!decimal) return onChange(parseWhole(e.target.value, min, max, emptyAs0 !== undefined));
            const typed = parseDecimal(e.target.value, min, max);
            if (typed !== null) onChange(typed);
          }}
          onBlur={() => setDraft(null)}
          data-testid={testId}
        />
        {unit && <span className="text-zinc-600 dark:text-zinc-400">{unit}</span>}
      </span>
    </label>
  );
}
