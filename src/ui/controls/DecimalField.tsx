import { useState } from 'react';

interface Props {
  label: string;
  value: number;
  range: readonly [number, number];
  step: number;
  unit: string;
  testId: string;
  onChange: (value: number) => void;
}

/** A slider and a typed decimal that keeps what is being typed and passes on only values in range. */
export function DecimalField({ label, value, range, step, unit, testId, onChange }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <label className="ctl">
      {label}
      <span className="flex items-center gap-2">
        <input
          type="range"
          className="w-full"
          min={range[0]}
          max={range[1]}
          step={step}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
          aria-label={label}
        />
        <input
          type="number"
          className="field w-24"
          min={range[0]}
          max={range[1]}
          step={step}
          value={draft ?? String(value)}
          onChange={(e) => {
            setDraft(e.target.value);
            const v = Number(e.target.value);
            if (e.target.value.trim() !== '' && Number.isFinite(v) && v >= range[0] && v <= range[1]) onChange(v);
          }}
          onBlur={() => setDraft(null)}
          data-testid={testId}
        />
        <span className="text-zinc-600 dark:text-zinc-400">{unit}</span>
      </span>
    </label>
  );
}
