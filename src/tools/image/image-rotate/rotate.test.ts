import { describe, expect, it } from 'vitest';
import { isLosslessForJpeg, normalAngle, ROTATE_DEFAULTS, rotateJob } from './rotate';

describe('rotate settings', () => {
  it('turn the angle into 0–359 clockwise and ask the engine for it', () => {
    expect(normalAngle(-90)).toBe(270);
    expect(normalAngle(450)).toBe(90);
    expect(rotateJob({ ...ROTATE_DEFAULTS, angle: -90, flipH: true })).toMatchObject({ output: 'keep', transform: { angle: 270, flipH: true, flipV: false } });
  });
  it('name when a JPEG stays lossless', () => {
    expect(isLosslessForJpeg(ROTATE_DEFAULTS)).toBe(true);
    expect(isLosslessForJpeg({ ...ROTATE_DEFAULTS, angle: 45 })).toBe(false);
    expect(isLosslessForJpeg({ ...ROTATE_DEFAULTS, format: 'webp' })).toBe(false);
  });
});
