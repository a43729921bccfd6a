import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../../lib/settings-schema';
import { FRAMES_DEFAULTS, FRAMES_SCHEMA, framesJob } from './settings';

describe('video frames settings', () => {
  it('turns the typed time into the engine job', () => {
    expect(framesJob({ ...FRAMES_DEFAULTS, time: '00:01:02.250', format: 'webp' })).toEqual({ pick: { at: 62.25 }, format: 'webp' });
    expect(framesJob({ ...FRAMES_DEFAULTS, time: '1:2:3:4' })).toBeNull();
    expect(framesJob({ ...FRAMES_DEFAULTS, mode: 'every', every: 0.5, time: 'junk' })).toEqual({ pick: { every: 0.5 }, format: 'png' });
  });
  it('replaces stored values out of range with the defaults', () => {
    expect(parseSettings({ mode: 'all', time: 5, every: 0, format: 'bmp' }, FRAMES_DEFAULTS, FRAMES_SCHEMA)).toEqual(FRAMES_DEFAULTS);
    expect(parseSettings({ mode: 'every', every: 2.5 }, FRAMES_DEFAULTS, FRAMES_SCHEMA)).toEqual({ ...FRAMES_DEFAULTS, mode: 'every', every: 2.5 });
  });
});
