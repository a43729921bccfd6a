import { utcMs } from './civil';

/**
 * Time zones through the browser's own Intl database: offsets at an instant, and the instant of a
 * wall-clock time in a zone, with DST gaps and overlaps resolved the way JavaScript's Date and
 * Temporal's "compatible" mode do (a skipped time moves forward by the gap; a repeated time takes
 * the earlier of its two instants).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time in a zone at an instant (ms since the epoch). */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const p of partsFormatter(timeZone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  const year = Number(parts.year);
  return {
    year: parts.era === 'BC' || parts.era === 'B' ? 1 - year : year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in minutes (+60 for CET, −300 for EST). */
export function offsetMinutes(instant: number, timeZone: string): number {
  const w = wallTimeAt(instant, timeZone);
  const asUtc = utcMs(w.year, w.month, w.day, w.hour, w.minute, w.second);
  const whole = instant - (((instant % 1000) + 1000) % 1000);
  return Math.round((asUtc - whole) / 60_000);
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

interface ZonedInstant {
  instant: number;
  /** 'gap': the wall time does not exist that day (clocks jumped over it); 'overlap': it happened twice. */
  status: 'exact' | 'gap' | 'overlap';
}

/** The instant a wall-clock time in a zone stands for. */
export function instantOfWallTime(w: WallTime, timeZone: string): ZonedInstant {
  const local = utcMs(w.year, w.month, w.day, w.hour, w.minute, w.second);
  const before = offsetMinutes(local - 86_400_000, timeZone);
  const after = offsetMinutes(local + 86_400_000, timeZone);
  const candidates = [...new Set([before, after])]
    .map((off) => local - off * 60_000)
    .filter((instant) => offsetMinutes(instant, timeZone) * 60_000 === local - instant)
    .sort((a, b) => a - b);
  if (candidates.length > 1) return { instant: candidates[0], status: 'overlap' };
  if (candidates.length === 1) return { instant: candidates[0], status: 'exact' };
  // In a gap: read the time with the offset from before the jump, which lands after it.
  return { instant: local - before * 60_000, status: 'gap' };
}

/** Whether the zone is on daylight saving time at the instant: its offset is above the year's smaller one. */
export function isDst(instant: number, timeZone: string): boolean {
  const { year } = wallTimeAt(instant, timeZone);
  const jan = offsetMinutes(utcMs(year, 1, 1), timeZone);
  const jul = offsetMinutes(utcMs(year, 7, 1), timeZone);
  return jan !== jul && offsetMinutes(instant, timeZone) > Math.min(jan, jul);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Renamed zones that browsers' ICU data still lists under the old name (Chromium lists
 * Asia/Calcutta): people look for the current one. Used only where the browser accepts it.
 */
const CURRENT_NAMES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'Africa/Asmera': 'Africa/Asmara',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
};

/** Every IANA zone the browser knows, by its current name, sorted, with UTC first. */
export function allTimeZones(): string[] {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const names = list.map((z) => (CURRENT_NAMES[z] && isValidTimeZone(CURRENT_NAMES[z]) ? CURRENT_NAMES[z] : z));
  return ['UTC', ...[...new Set(names)].filter((z) => z !== 'UTC').sort()];
}

export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function formatWallTime(w: WallTime): string {
  const pad = (n: number, len = 2) => String(n).padStart(len, '0');
  const y = w.year < 0 ? `-${pad(-w.year, 6)}` : pad(w.year, 4);
  return `${y}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}
