import type { CivilDate } from './civil';
import { utcMs } from './civil';

/** A civil date's weekday name in the UI language. */
export function weekdayName(date: CivilDate, language: string, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(utcMs(date.year, date.month, date.day));
}

export function monthName(month: number, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(utcMs(2024, month, 1));
}

/** An instant in full, in the UI language, in the given zone (the browser's own when omitted). */
export function longDateTime(ms: number, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'long', timeZone }).format(ms);
}

/** The zone's short name at an instant in the UI language (CET, GMT+1, MESZ…). */
export function zoneAbbreviation(ms: number, language: string, timeZone: string): string {
  const part = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'short' }).formatToParts(ms).find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}
