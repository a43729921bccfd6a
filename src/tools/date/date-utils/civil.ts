/**
 * Calendar arithmetic on civil dates (year, month 1–12, day), done in UTC milliseconds so that no
 * time zone or DST change can add or lose a day. Proleptic Gregorian calendar, like JavaScript's Date.
 */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;

/** Date.UTC without its 0–99 → 1900–1999 year mapping. */
export function utcMs(year: number, month = 1, day = 1, hour = 0, minute = 0, second = 0, ms = 0): number {
  const d = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, ms));
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

export function isValidCivil({ year, month, day }: CivilDate): boolean {
  return Number.isInteger(year) && Number.isInteger(month) && Number.isInteger(day) && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** 'YYYY-MM-DD' (years may have more digits or a minus sign) to a civil date; null when malformed. Validity is separate. */
export function parseCivil(text: string): CivilDate | null {
  const m = /^\s*([+-]?\d{1,6})-(\d{1,2})-(\d{1,2})\s*$/.exec(text);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

export function formatCivil({ year, month, day }: CivilDate): string {
  const y = year < 0 ? `-${String(-year).padStart(6, '0')}` : year > 9999 ? `+${String(year).padStart(6, '0')}` : String(year).padStart(4, '0');
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days since 1970-01-01 (negative before). */
export function epochDay(date: CivilDate): number {
  return Math.round(utcMs(date.year, date.month, date.day) / DAY_MS);
}

export function fromEpochDay(days: number): CivilDate {
  const d = new Date(days * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday, like Date.getDay(). */
export function weekday(date: CivilDate): number {
  return (((epochDay(date) + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

export function firstWeekdayOfMonth(year: number, month: number): number {
  return weekday({ year, month, day: 1 });
}

export function dayOfYear(date: CivilDate): number {
  return epochDay(date) - epochDay({ year: date.year, month: 1, day: 1 }) + 1;
}

export function quarter(date: CivilDate): number {
  return Math.ceil(date.month / 3);
}

/** ISO 8601 week: weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeek(date: CivilDate): { week: number; weekYear: number } {
  const day = epochDay(date);
  const isoDay = ((weekday(date) + 6) % 7) + 1; // Monday 1 … Sunday 7
  const thursday = fromEpochDay(day + 4 - isoDay);
  const week = Math.floor((epochDay(thursday) - epochDay({ year: thursday.year, month: 1, day: 1 })) / 7) + 1;
  return { week, weekYear: thursday.year };
}

interface RangeInfo {
  /** Signed: negative when the end is before the start. */
  days: number;
  weeks: number;
  remainderDays: number;
  /** Monday to Friday within the counted days. */
  businessDays: number;
}

/**
 * The days from start to end. Without includeEnd, the start day counts and the end day does not
 * (2024-01-01 → 2024-01-02 is 1 day); with it both count.
 */
export function dateRange(start: CivilDate, end: CivilDate, includeEnd: boolean): RangeInfo {
  const a = epochDay(start);
  const b = epochDay(end);
  const sign = b < a ? -1 : 1;
  const from = Math.min(a, b);
  const count = Math.abs(b - a) + (includeEnd ? 1 : 0);
  const fullWeeks = Math.floor(count / 7);
  let business = fullWeeks * 5;
  for (let i = fullWeeks * 7; i < count; i++) {
    const wd = weekday(fromEpochDay(from + i));
    if (wd !== 0 && wd !== 6) business++;
  }
  return { days: sign * count, weeks: sign * fullWeeks, remainderDays: sign * (count % 7), businessDays: sign * business };
}

interface Age {
  years: number;
  months: number;
  days: number;
  totalDays: number;
}

/** The same day of the month, `months` later; clamped to the month's last day (Jan 31 + 1 month = Feb 29/28). */
export function addMonths(date: CivilDate, months: number): CivilDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/**
 * Completed years, months and days from birth to the given date; null when the date is before
 * birth. Months are calendar months; someone born on Feb 29 completes a year on Feb 28 in a
 * common year (the date clamps to the month's end).
 */
export function age(birth: CivilDate, on: CivilDate): Age | null {
  const totalDays = epochDay(on) - epochDay(birth);
  if (totalDays < 0) return null;
  let months = (on.year - birth.year) * 12 + (on.month - birth.month);
  if (epochDay(addMonths(birth, months)) > epochDay(on)) months--;
  const days = epochDay(on) - epochDay(addMonths(birth, months));
  return { years: Math.floor(months / 12), months: months % 12, days, totalDays };
}

export function todayCivil(now = new Date()): CivilDate {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}
