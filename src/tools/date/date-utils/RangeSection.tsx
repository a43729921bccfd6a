import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRange, formatCivil, isValidCivil, parseCivil, todayCivil } from './civil';
import { Row, Section } from './Row';

export function RangeSection() {
  const { t } = useTranslation('date-utils');
  const [start, setStart] = useState(() => formatCivil(todayCivil()));
  const [end, setEnd] = useState(() => `${todayCivil().year}-12-31`);
  const [includeEnd, setIncludeEnd] = useState(false);
  const a = parseCivil(start);
  const b = parseCivil(end);
  const range = a && b && isValidCivil(a) && isValidCivil(b) ? dateRange(a, b, includeEnd) : null;

  return (
    <Section id="du-range" title={t('sections.range')}>
      <div className="grid grid-cols-2 gap-2">
        <label className="space-y-1 text-sm">
          <span className="block font-medium">{t('range.start')}</span>
          <input type="date" className="field w-full" value={start} onChange={(e) => setStart(e.target.value)} data-testid="range-start" />
        </label>
        <label className="space-y-1 text-sm">
          <span className="block font-medium">{t('range.end')}</span>
          <input type="date" className="field w-full" value={end} onChange={(e) => setEnd(e.target.value)} data-testid="range-end" />
        </label>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={includeEnd} onChange={(e) => setIncludeEnd(e.target.checked)} data-testid="range-include" />
        {t('range.includeEnd')}
      </label>
      {range ? (
        <dl aria-live="polite">
          <Row label={t('range.daysLabel')} value={t('range.days', { count: range.days })} testId="range-days" />
          <Row label={t('range.weeksLabel')} value={t('range.weeksAndDays', { weeks: t('range.weeks', { count: range.weeks }), days: t('range.days', { count: range.remainderDays }) })} testId="range-weeks" />
          <Row label={t('range.businessLabel')} value={t('range.days', { count: range.businessDays })} testId="range-business" />
        </dl>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('enterDates')}</p>
      )}
      {range && range.days < 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('range.negative')}</p>}
    </Section>
  );
}
