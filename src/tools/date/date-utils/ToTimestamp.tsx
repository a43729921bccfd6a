import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Row } from './Row';
import { toSeconds } from './timestamps';
import { nowWallInput, parseWallInput } from './wallInput';
import { ZoneSelect } from './ZoneSelect';
import { formatWallTime, instantOfWallTime, localTimeZone, wallTimeAt } from './zones';

/** A date and time in a chosen zone, back to a timestamp. */
export function ToTimestamp() {
  const { t } = useTranslation('date-utils');
  const [value, setValue] = useState(() => nowWallInput());
  const [zone, setZone] = useState(localTimeZone);
  const wall = parseWallInput(value);
  const resolved = wall ? instantOfWallTime(wall, zone) : null;
  const valid = resolved !== null && Number.isFinite(resolved.instant) && Math.abs(resolved.instant) <= 8.64e15;

  return (
    <div className="space-y-2 border-t border-zinc-200 pt-3 dark:border-zinc-800">
      <h3 className="text-sm font-semibold">{t('toTimestamp.title')}</h3>
      <div className="grid gap-2 sm:grid-cols-2">
        <label className="space-y-1 text-sm">
          <span className="block font-medium">{t('toTimestamp.date')}</span>
          <input type="datetime-local" step={1} className="field w-full" value={value} onChange={(e) => setValue(e.target.value)} data-testid="date-input" />
        </label>
        <label className="space-y-1 text-sm">
          <span className="block font-medium">{t('toTimestamp.zone')}</span>
          <ZoneSelect value={zone} onChange={setZone} label={t('toTimestamp.zone')} testId="date-zone" />
        </label>
      </div>
      {valid ? (
        <>
          {resolved.status !== 'exact' && (
            <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="date-note" data-status={resolved.status}>
              {t(`toTimestamp.${resolved.status}`, { zone, time: formatWallTime(wallTimeAt(resolved.instant, zone)) })}
            </p>
          )}
          <dl>
            <Row label={t('timestamp.seconds')} value={String(toSeconds(resolved.instant))} testId="date-seconds" copy />
            <Row label={t('timestamp.ms')} value={String(resolved.instant)} testId="date-ms" copy />
            <Row label={t('timestamp.iso')} value={new Date(resolved.instant).toISOString()} testId="date-iso" copy />
          </dl>
        </>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('toTimestamp.invalid')}</p>
      )}
    </div>
  );
}
