import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SPEED_PRESETS, SPEED_RANGE, VIDEO_SPEED_DEFAULTS, VIDEO_SPEED_SCHEMA } from './schema';

const valid = (speed: unknown) => v.safeParse(VIDEO_SPEED_SCHEMA.speed, speed).success;

describe('video-speed settings', () => {
  it('accept 0.25× to 4× and nothing outside', () => {
    for (const s of [0.25, 0.5, 1, 1.37, 4]) expect(valid(s)).toBe(true);
    for (const s of [0, 0.2, 4.01, 10, -1, Number.NaN, Infinity, '2']) expect(valid(s)).toBe(false);
    expect(SPEED_PRESETS.every((p) => p >= SPEED_RANGE[0] && p <= SPEED_RANGE[1])).toBe(true);
    expect(valid(VIDEO_SPEED_DEFAULTS.speed)).toBe(true);
  });
});
