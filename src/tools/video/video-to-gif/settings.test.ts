import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../../lib/settings-schema';
import { GIF_DEFAULTS, GIF_SCHEMA, gifJob } from './settings';

describe('video to GIF settings', () => {
  it('turns the typed range into the engine job', () => {
    expect(gifJob({ ...GIF_DEFAULTS, start: '00:00:01.250', end: '3', format: 'webp' })).toEqual({ start: 1.25, end: 3, fps: 10, width: 480, loop: true, format: 'webp' });
    expect(gifJob({ ...GIF_DEFAULTS, end: 'soon' })).toBeNull();
  });
  it('replaces stored values out of range with the defaults', () => {
    expect(parseSettings({ start: 1, end: null, fps: 7, width: 333, loop: 'yes', format: 'apng' }, GIF_DEFAULTS, GIF_SCHEMA)).toEqual(GIF_DEFAULTS);
    expect(parseSettings({ fps: 15, width: 320, loop: false }, GIF_DEFAULTS, GIF_SCHEMA)).toEqual({ ...GIF_DEFAULTS, fps: 15, width: 320, loop: false });
  });
});
