import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { weekdayName, zoneAbbreviation } from './format';
import { Section } from './Row';
import { nowWallInput, parseWallInput } from './wallInput';
import { ZoneSelect } from './ZoneSelect';
import { formatOffset, formatWallTime, instantOfWallTime, isDst, isValidTimeZone, localTimeZone, offsetMinutes, wallTimeAt } from './zones';
import { ZONES_SCHEMA } from './schema';

const DEFAULT_ZONES = ['UTC', 'America/New_York', 'Europe/London', 'Europe/Berlin', 'Asia/Shanghai', 'Asia/Tokyo'];

export function ZonesSection() {
  const { t, i18n } = useTranslation('date-utils');
  const [settings, update] = useStoredSettings('date-utils', { zones: DEFAULT_ZONES }, ZONES_SCHEMA);
  const zones = Array.isArray(settings.zones) ? settings.zones.filter((z) => typeof z === 'string' && isValidTimeZone(z)) : DEFAULT_ZONES;
  const [value, setValue] = useState(() => nowWallInput());
  const [source, setSource] = useState(localTimeZone);
  const wall = parseWallInput(value);
  const resolved = wall ? instantOfWallTime(wall, source) : null;
  const instant = resolved && Math.abs(resolved.instant) <= 8.64e15 ? resolved.instant : null;

  const add = (zone: string) => {
    if (zone && !zones.includes(zone)) update({ zones: [...zones, zone] });
  };

  return (
    <Section id="du-zones" title={t('sections.zones')}>
      <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <label className="space-y-1 text-sm">
          <span className="block font-medium">{t('zones.moment')}</span>
          <input type="datetime-local" step={1} className="field w-full" value={value} onChange={(e) => setValue(e.target.value)} data-testid="zone-datetime" />
        </label>
        <label className="space-y-1 text-sm">
          <span className="block font-medium">{t('zones.source')}</span>
          <ZoneSelect value={source} onChange={setSource} label={t('zones.source')} testId="zone-source" />
        </label>
        <button type="button" className="btn btn-outline" onClick={() => setValue(nowWallInput())} data-testid="zone-now">
          {t('zones.now')}
        </button>
      </div>
      {resolved && resolved.status !== 'exact' && (
        <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="zone-note" data-status={resolved.status}>
          {t(`toTimestamp.${resolved.status}`, { zone: source, time: formatWallTime(wallTimeAt(resolved.instant, source)) })}
        </p>
      )}
      {instant === null ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('toTimestamp.invalid')}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-live="polite">
          {zones.map((zone) => {
            const w = wallTimeAt(instant, zone);
            const dst = isDst(instant, zone);
            return (
              // Two lines on a grid: the name keeps the whole left column (never squeezed by the details),
              // the time stays on its right; weekday, offset and DST go below, with the remove button.
              <li key={zone} className="grid grid-cols-[minmax(8rem,1fr)_auto] items-center gap-x-3 gap-y-1 py-2" data-testid="zone-row" data-zone={zone}>
                <span className="text-sm font-medium wrap-anywhere" data-testid="zone-name">
                  {zone.replaceAll('_', ' ')}
                </span>
                <span className="justify-self-end font-mono text-sm" data-testid="zone-time">
                  {formatWallTime(w)}
                </span>
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="text-sm text-zinc-600 dark:text-zinc-400">{weekdayName(w, i18n.language, 'short')}</span>
                  <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400" data-testid="zone-offset">
                    UTC{formatOffset(offsetMinutes(instant, zone))} {zoneAbbreviation(instant, i18n.language, zone)}
                  </span>
                  <span className={`rounded px-1.5 py-0.5 text-xs ${dst ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200' : 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300'}`} data-testid="zone-dst" data-dst={dst}>
                    {t(dst ? 'zones.dst' : 'zones.std')}
                  </span>
                </span>
                <button type="button" className="btn btn-ghost justify-self-end px-1.5 py-1" onClick={() => update({ zones: zones.filter((z) => z !== zone) })} aria-label={t('zones.remove', { zone })} data-testid="zone-remove">
                  <X className="size-4" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="text-sm">
        <ZoneSelect value="" onChange={add} label={t('zones.add')} testId="zone-add" first={{ value: '', label: t('zones.add') }} />
      </div>
    </Section>
  );
}
