import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { daysInMonth, firstWeekdayOfMonth, formatCivil, isLeapYear, isValidCivil, parseCivil } from './civil';
import { monthName, weekdayName } from './format';
import { Row, Section } from './Row';
import { Select } from '../../../ui/controls';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

export function CalendarSection() {
  const { t, i18n } = useTranslation('date-utils');
  const now = new Date();
  const [year, setYear] = useState(String(now.getFullYear()));
  const [month, setMonth] = useState(now.getMonth() + 1);
  const [check, setCheck] = useState('');
  const y = Number(year);
  const yearOk = year.trim() !== '' && Number.isInteger(y) && Math.abs(y) <= 275_000;
  const checked = check.trim() ? parseCivil(check) : null;

  return (
    <Section id="du-calendar" title={t('sections.calendar')}>
      <div className="grid grid-cols-2 gap-2">
        <label className="space-y-1 text-sm">
          <span className="block font-medium">{t('calendar.year')}</span>
          <input type="number" className="field w-full" value={year} onChange={(e) => setYear(e.target.value)} data-testid="cal-year" />
        </label>
        <Select label={t('calendar.month')} value={month} options={MONTHS.map((m) => ({ value: m, label: monthName(m, i18n.language) }))} onChange={setMonth} testId="cal-month" />
      </div>
      {yearOk ? (
        <dl>
          <Row label={t('calendar.leap')} value={t(isLeapYear(y) ? 'calendar.yes' : 'calendar.no')} testId="cal-leap" />
          <Row label={t('calendar.daysInYear')} value={String(isLeapYear(y) ? 366 : 365)} testId="cal-year-days" />
          <Row label={t('calendar.daysInMonth')} value={String(daysInMonth(y, month))} testId="cal-days" />
          <Row label={t('calendar.firstWeekday')} value={weekdayName({ year: y, month, day: 1 }, i18n.language)} testId="cal-first">
            <span className="sr-only" data-testid="cal-first-index">
              {firstWeekdayOfMonth(y, month)}
            </span>
          </Row>
        </dl>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('calendar.enterYear')}</p>
      )}
      <label className="block space-y-1 text-sm">
        <span className="block font-medium">{t('calendar.check')}</span>
        <input className="field w-full font-mono" value={check} onChange={(e) => setCheck(e.target.value)} placeholder="2023-02-29" data-testid="check-date" spellCheck={false} />
      </label>
      {check.trim() && (
        <p className="text-sm" data-testid="check-result" data-valid={checked ? isValidCivil(checked) : false} aria-live="polite">
          {!checked ? t('calendar.malformed') : isValidCivil(checked) ? t('calendar.valid', { date: formatCivil(checked) }) : t('calendar.invalid', { date: check.trim() })}
        </p>
      )}
    </Section>
  );
}
