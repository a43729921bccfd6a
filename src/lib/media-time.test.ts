import { describe, expect, it } from 'vitest';
import { formatMediaTime, parseMediaTime } from './media-time';

describe('media times', () => {
  it('reads hh:mm:ss.mmm, mm:ss and seconds', () => {
    expect(parseMediaTime('1:02:03.250')).toBe(3723.25);
    expect(parseMediaTime('02:03.5')).toBe(123.5);
    expect(parseMediaTime(' 75,25 ')).toBe(75.25);
    expect(parseMediaTime('0')).toBe(0);
    expect(parseMediaTime('90')).toBe(90);
    expect(parseMediaTime('00:00:01.0333')).toBe(1.033);
  });
  it('refuses what is no time', () => {
    for (const bad of ['', 'abc', '-1', '1:75', '1:60:00', '1::2', '1.2.3', '1e3']) expect(parseMediaTime(bad), bad).toBeNull();
  });
  it('writes times back', () => {
    expect(formatMediaTime(3723.25)).toBe('01:02:03.250');
    expect(formatMediaTime(1.5, '-')).toBe('00-01.500');
    expect(parseMediaTime(formatMediaTime(59.999))).toBe(59.999);
  });
});
