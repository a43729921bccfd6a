import { describe, expect, it } from 'vitest';
import { utcMs } from './civil';
import { allTimeZones, formatOffset, formatWallTime, instantOfWallTime, isDst, isValidTimeZone, offsetMinutes, wallTimeAt } from './zones';

const iso = (ms: number) => new Date(ms).toISOString();
const wall = (y: number, mo: number, d: number, h: number, mi = 0, s = 0) => ({ year: y, month: mo, day: d, hour: h, minute: mi, second: s });

describe('time zones through Intl', () => {
  it('gives offsets on both sides of the 2024 DST changes', () => {
    // Europe/Berlin: 2024-03-31 01:00Z clocks 02:00 → 03:00; 2024-10-27 01:00Z clocks 03:00 → 02:00.
    expect(offsetMinutes(Date.parse('2024-03-31T00:59:59Z'), 'Europe/Berlin')).toBe(60);
    expect(offsetMinutes(Date.parse('2024-03-31T01:00:00Z'), 'Europe/Berlin')).toBe(120);
    expect(offsetMinutes(Date.parse('2024-10-27T00:59:59Z'), 'Europe/Berlin')).toBe(120);
    expect(offsetMinutes(Date.parse('2024-10-27T01:00:00Z'), 'Europe/Berlin')).toBe(60);
    // America/New_York: 2024-03-10 07:00Z (02:00 EST → 03:00 EDT); 2024-11-03 06:00Z (02:00 EDT → 01:00 EST).
    expect(offsetMinutes(Date.parse('2024-03-10T06:59:59Z'), 'America/New_York')).toBe(-300);
    expect(offsetMinutes(Date.parse('2024-03-10T07:00:00Z'), 'America/New_York')).toBe(-240);
    expect(offsetMinutes(Date.parse('2024-11-03T05:59:59Z'), 'America/New_York')).toBe(-240);
    expect(offsetMinutes(Date.parse('2024-11-03T06:00:00Z'), 'America/New_York')).toBe(-300);
    // Southern hemisphere: Sydney leaves DST on 2024-04-07 (03:00 AEDT → 02:00 AEST).
    expect(offsetMinutes(Date.parse('2024-04-06T15:59:59Z'), 'Australia/Sydney')).toBe(660);
    expect(offsetMinutes(Date.parse('2024-04-06T16:00:00Z'), 'Australia/Sydney')).toBe(600);
    // No DST, fractional offsets.
    expect(offsetMinutes(Date.parse('2024-07-01T00:00:00Z'), 'Asia/Kolkata')).toBe(330);
    expect(offsetMinutes(Date.parse('2024-07-01T00:00:00Z'), 'Asia/Kathmandu')).toBe(345);
    expect(offsetMinutes(Date.parse('2024-07-01T00:00:00Z'), 'UTC')).toBe(0);
  });

  it('reads the wall time at an instant, the epoch and before it', () => {
    expect(formatWallTime(wallTimeAt(0, 'UTC'))).toBe('1970-01-01 00:00:00');
    expect(formatWallTime(wallTimeAt(0, 'Asia/Tokyo'))).toBe('1970-01-01 09:00:00');
    expect(formatWallTime(wallTimeAt(0, 'America/New_York'))).toBe('1969-12-31 19:00:00');
    expect(formatWallTime(wallTimeAt(-1000, 'UTC'))).toBe('1969-12-31 23:59:59');
    expect(formatWallTime(wallTimeAt(Date.parse('2024-02-29T12:00:00Z'), 'Pacific/Kiritimati'))).toBe('2024-03-01 02:00:00');
    expect(wallTimeAt(utcMs(-44, 3, 15, 12), 'UTC')).toEqual(wall(-44, 3, 15, 12));
  });

  it('turns a wall time into its instant, through gaps and overlaps', () => {
    expect(instantOfWallTime(wall(2024, 2, 29, 12), 'Europe/Berlin')).toEqual({ instant: Date.parse('2024-02-29T11:00:00Z'), status: 'exact' });
    expect(instantOfWallTime(wall(2024, 7, 1, 12), 'Europe/Berlin')).toEqual({ instant: Date.parse('2024-07-01T10:00:00Z'), status: 'exact' });
    // 02:30 never happened in Berlin on 2024-03-31: it is read as 03:30 CEST, like Date and Temporal do.
    const gap = instantOfWallTime(wall(2024, 3, 31, 2, 30), 'Europe/Berlin');
    expect(gap.status).toBe('gap');
    expect(iso(gap.instant)).toBe('2024-03-31T01:30:00.000Z');
    expect(formatWallTime(wallTimeAt(gap.instant, 'Europe/Berlin'))).toBe('2024-03-31 03:30:00');
    // 02:30 happened twice on 2024-10-27: the earlier one (CEST) is taken.
    const overlap = instantOfWallTime(wall(2024, 10, 27, 2, 30), 'Europe/Berlin');
    expect(overlap).toEqual({ instant: Date.parse('2024-10-27T00:30:00Z'), status: 'overlap' });
    expect(instantOfWallTime(wall(2024, 3, 10, 2, 30), 'America/New_York')).toEqual({ instant: Date.parse('2024-03-10T07:30:00Z'), status: 'gap' });
    expect(instantOfWallTime(wall(2024, 11, 3, 1, 30), 'America/New_York')).toEqual({ instant: Date.parse('2024-11-03T05:30:00Z'), status: 'overlap' });
    expect(instantOfWallTime(wall(1970, 1, 1, 0), 'UTC')).toEqual({ instant: 0, status: 'exact' });
    expect(instantOfWallTime(wall(1969, 12, 31, 19), 'America/New_York')).toEqual({ instant: 0, status: 'exact' });
  });

  // 17,568 conversions through Intl: seconds on a loaded 2-core machine, hence a runner time limit of its own.
  it('maps every hour of 2024 in New York and Berlin back to its instant', { timeout: 30_000 }, () => {
    for (const zone of ['Europe/Berlin', 'America/New_York']) {
      for (let t = Date.parse('2024-01-01T00:00:00Z'); t < Date.parse('2025-01-01T00:00:00Z'); t += 3_600_000) {
        const back = instantOfWallTime(wallTimeAt(t, zone), zone);
        // Every real wall time maps back to its instant, or to the earlier twin in the repeated hour.
        expect(back.status).not.toBe('gap');
        expect(back.instant === t || (back.status === 'overlap' && back.instant === t - 3_600_000)).toBe(true);
      }
    }
  });

  it('says when DST is on and lists zones', () => {
    expect(isDst(Date.parse('2024-07-01T00:00:00Z'), 'Europe/Berlin')).toBe(true);
    expect(isDst(Date.parse('2024-01-01T00:00:00Z'), 'Europe/Berlin')).toBe(false);
    expect(isDst(Date.parse('2024-01-01T00:00:00Z'), 'Australia/Sydney')).toBe(true);
    expect(isDst(Date.parse('2024-07-01T00:00:00Z'), 'Asia/Tokyo')).toBe(false);
    expect(formatOffset(330)).toBe('+05:30');
    expect(formatOffset(-240)).toBe('−04:00');
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    const zones = allTimeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Asia/Shanghai');
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).not.toContain('Asia/Calcutta');
  });
});
