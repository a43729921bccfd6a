import { afterEach, describe, expect, it, vi } from 'vitest';
import { videoAcceleration } from './capabilities';

/** A VideoEncoder whose isConfigSupported answers from `hardware` (and records what it was asked). */
function fakeEncoder(hardware: boolean | 'throws') {
  const asked: VideoEncoderConfig[] = [];
  vi.stubGlobal('VideoEncoder', {
    isConfigSupported: async (config: VideoEncoderConfig) => {
      asked.push(config);
      if (hardware === 'throws') throw new TypeError('bad config');
      return { supported: config.hardwareAcceleration !== 'prefer-hardware' || hardware, config };
    },
  });
  return asked;
}

describe('videoAcceleration', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('prefers the hardware encoder where the browser has one for the configuration', async () => {
    const asked = fakeEncoder(true);
    expect(await videoAcceleration('avc', 1280, 720, 3_000_000)).toBe('prefer-hardware');
    expect(asked[0]).toMatchObject({ codec: 'avc1.640033', width: 1280, height: 720, bitrate: 3_000_000, hardwareAcceleration: 'prefer-hardware' });
  });

  it('falls back to software without one, when the question throws, and without WebCodecs', async () => {
    fakeEncoder(false);
    expect(await videoAcceleration('vp9', 640, 360, 1_000_000)).toBe('prefer-software');
    fakeEncoder('throws');
    expect(await videoAcceleration('av1', 640, 360, 1_000_000)).toBe('prefer-software');
    vi.stubGlobal('VideoEncoder', undefined);
    expect(await videoAcceleration('avc', 640, 360, 1_000_000)).toBe('prefer-software');
  });
});
