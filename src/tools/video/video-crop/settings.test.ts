import { describe, expect, it } from 'vitest';
import { boxFor, boxForAspect, rotationInHeader, VIDEO_CROP_DEFAULTS } from './settings';

describe('video crop settings', () => {
  it('sets the empty box to the whole picture, keeps a box that fits', () => {
    expect(boxFor(VIDEO_CROP_DEFAULTS, 320, 240)).toEqual({ x: 0, y: 0, width: 320, height: 240 });
    expect(boxFor({ ...VIDEO_CROP_DEFAULTS, x: 10, y: 10, width: 100, height: 100 }, 320, 240)).toBeNull();
    // A stored box from a larger video does not fit a smaller one: the aspect, centred.
    expect(boxFor({ ...VIDEO_CROP_DEFAULTS, aspect: '1:1', width: 1000, height: 1000 }, 320, 240)).toEqual({ x: 40, y: 0, width: 240, height: 240 });
  });
  it('centres an aspect preset on the picture', () => {
    expect(boxForAspect(VIDEO_CROP_DEFAULTS, '16:9', { width: 320, height: 240 })).toEqual({ x: 0, y: 30, width: 320, height: 180 });
    expect(boxForAspect(VIDEO_CROP_DEFAULTS, 'free', { width: 320, height: 240 })).toEqual({ x: 0, y: 0, width: 320, height: 240 });
    expect(boxForAspect({ ...VIDEO_CROP_DEFAULTS, width: 200, height: 50 }, '4:5')).toEqual({ x: 0, y: 0, width: 200, height: 250 });
  });
  it('knows the containers whose header carries a rotation', () => {
    expect([rotationInHeader('a.MP4'), rotationInHeader('b.mov'), rotationInHeader('c.webm')]).toEqual([true, true, false]);
  });
});
