/** Unix timestamps: seconds or milliseconds since 1970-01-01T00:00:00Z. */

/** JavaScript's Date covers ±100,000,000 days around the epoch. */
const MAX_MS = 8.64e15;

export type TimestampUnit = 's' | 'ms';

/**
 * Seconds or milliseconds? Below 10^11 in magnitude it is read as seconds (10^11 s is the year
 * 5138; 10^11 ms is only 1973-03-03), from there on as milliseconds.
 */
export function detectUnit(value: number): TimestampUnit {
  return Math.abs(value) < 1e11 ? 's' : 'ms';
}

type ParsedTimestamp = { ok: true; ms: number; unit: TimestampUnit; value: number } | { ok: false; reason: 'empty' | 'notANumber' | 'outOfRange' };

export function parseTimestamp(text: string, unit: TimestampUnit | 'auto' = 'auto'): ParsedTimestamp {
  const clean = text.trim().replace(/[\s_,']/g, '');
  if (!clean) return { ok: false, reason: 'empty' };
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(clean)) return { ok: false, reason: 'notANumber' };
  const value = Number(clean);
  const used = unit === 'auto' ? detectUnit(value) : unit;
  const ms = used === 's' ? Math.round(value * 1000) : Math.round(value);
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_MS) return { ok: false, reason: 'outOfRange' };
  return { ok: true, ms: ms === 0 ? 0 : ms, unit: used, value };
}

/** Whole seconds, rounded toward negative infinity like `date +%s` (−1 ms is second −1). */
export function toSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** 'YYYY-MM-DD HH:mm:ss UTC' — an unambiguous UTC reading, same in every language. */
export function formatUtc(ms: number): string {
  const iso = new Date(ms).toISOString(); // ±YYYYYY-MM-DDTHH:mm:ss.sssZ
  const [date, time] = iso.split('T');
  const clock = time.slice(0, 12).replace(/\.000$/, '');
  return `${date} ${clock} UTC`;
}
