import { useMemo } from 'react';
import { allTimeZones } from './zones';

/** A native select of every IANA zone the browser knows (a few hundred: a native list scrolls and searches by typing). */
export function ZoneSelect({ value, onChange, label, testId, first }: { value: string; onChange: (zone: string) => void; label: string; testId: string; first?: { value: string; label: string } }) {
  const zones = useMemo(() => allTimeZones(), []);
  return (
    <select className="field w-full" value={value} onChange={(e) => onChange(e.target.value)} aria-label={label} data-testid={testId}>
      {first && <option value={first.value}>{first.label}</option>}
      {zones.map((z) => (
        <option key={z} value={z}>
          {z.replaceAll('_', ' ')}
        </option>
      ))}
    </select>
  );
}
