import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { age, dayOfYear, formatCivil, isLeapYear, isoWeek, isValidCivil, parseCivil, quarter, todayCivil } from './civil';
import { weekdayName } from './format';
import { Row, Section } from './Row';

export function InfoSection() {
  const { t, i18n } = useTranslation('date-utils');
  const [text, setText] = useState(() => formatCivil(todayCivil()));
  const [birth, setBirth] = useState('');
  const parsed = parseCivil(text);
  const date = parsed && isValidCivil(parsed) ? parsed : null;
  const born = parseCivil(birth);
  const years = date && born && isValidCivil(born) ? age(born, date) : undefined;
  const week = date ? isoWeek(date) : null;

  return (
    <Section id="du-info" title={t('sections.info')}>
      <div className="grid grid-cols-2 gap-2">
        <label className="space-y-1 text-sm">
          <span className="block font-medium">{t('info.date')}</span>
          <input type="date" className="field w-full" value={text} onChange={(e) => setText(e.target.value)} data-testid="info-date" />
        </label>
        <label className="space-y-1 text-sm">
          <span className="block font-medium">{t('info.birth')}</span>
          <input type="date" className="field w-full" value={birth} onChange={(e) => setBirth(e.target.value)} data-testid="birth-date" />
        </label>
      </div>
      {date && week ? (
        <dl aria-live="polite">
          <Row label={t('info.weekday')} value={weekdayName(date, i18n.language)} testId="info-weekday" />
          <Row label={t('info.dayOfYear')} value={t('info.dayOfYearValue', { day: dayOfYear(date), total: isLeapYear(date.year) ? 366 : 365 })} testId="info-doy" />
          <Row label={t('info.isoWeek')} value={t('info.isoWeekValue', { week: week.week, year: week.weekYear })} testId="info-isoweek" />
          <Row label={t('info.quarter')} value={t('info.quarterValue', { quarter: quarter(date) })} testId="info-quarter" />
          {years !== undefined && (
            <Row
              label={t('info.age')}
              value={years ? t('info.ageValue', { years: t('info.years', { count: years.years }), months: t('info.months', { count: years.months }), days: t('info.days', { count: years.days }) }) : t('info.notBorn')}
              testId="info-age"
            />
          )}
        </dl>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('enterDates')}</p>
      )}
    </Section>
  );
}
