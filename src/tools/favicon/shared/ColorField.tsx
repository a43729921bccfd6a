import { useId, useState } from 'react';
import { isHexColor } from '../../../lib/hex-colour';

interface Props {
  label: string;
  value: string;
  onChange: (hex: string) => void;
  testId?: string;
}

/** A colour picker with its hex value editable as text; only valid #rgb / #rrggbb values are passed on. */
export function ColorField({ label, value, onChange, testId }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const hex = draft ?? value;
  const full = /^#[0-9a-f]{3}$/i.test(value) ? `#${[...value.slice(1)].map((c) => c + c).join('')}` : value;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          value={full.toLowerCase()}
          onChange={(e) => {
            setDraft(null);
            onChange(e.target.value);
          }}
          aria-label={label}
          className="h-9 w-11 shrink-0 cursor-pointer rounded border border-zinc-300 bg-transparent p-0.5 dark:border-zinc-700"
        />
        <input
          id={id}
          className="field w-full font-mono"
          value={hex}
          spellCheck={false}
          maxLength={7}
          aria-invalid={!isHexColor(hex)}
          data-testid={testId}
          onChange={(e) => {
            const v = e.target.value.trim();
            setDraft(v);
            if (isHexColor(v)) onChange(v.toLowerCase());
          }}
          onBlur={() => setDraft(null)}
        />
      </div>
    </div>
  );
}
