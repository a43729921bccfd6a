import type { ReactNode } from 'react';

interface Props {
  label: ReactNode;
  value: number;
  min: number;
  max: number;
  step?: number;
  onChange: (value: number) => void;
  /** Shown after the value, e.g. '%' or ' px'. */
  unit?: string;
  /** 'stacked': label and value above a full-width range; 'inline': label, range, value in one row. */
  layout?: 'stacked' | 'inline';
  /** False when the label already says the value. */
  showValue?: boolean;
  testId?: string;
  valueTestId?: string;
  /** Inline layout: fixed widths for the label and the value, so sliders in a column line up. */
  labelWidth?: string;
  valueWidth?: string;
}

/** A range input with its label and its current value; the whole row is the label, so the value is part of its name. */
export function Slider({ label, value, min, max, step = 1, onChange, unit = '', layout = 'stacked', showValue = true, testId, valueTestId, labelWidth, valueWidth = '' }: Props) {
  const input = <input type="range" className={layout === 'inline' ? 'min-w-0 flex-1' : 'w-full'} min={min} max={max} step={step} value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId} />;
  const shown = showValue && (
    <span className={layout === 'inline' ? `shrink-0 text-right tabular-nums ${valueWidth}` : 'tabular-nums'} data-testid={valueTestId}>
      {value}
      {unit}
    </span>
  );
  if (layout === 'inline') {
    return (
      <label className="ctl-row">
        {labelWidth ? <span className={`shrink-0 ${labelWidth}`}>{label}</span> : label}
        {input}
        {shown}
      </label>
    );
  }
  return (
    <label className="ctl">
      <span>
        {label} {shown}
      </span>
      {input}
    </label>
  );
}
