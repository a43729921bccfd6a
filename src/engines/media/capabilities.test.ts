import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserCapabilities, isGStreamerWebKit, videoAcceleration } from './capabilities';

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

describe('isGStreamerWebKit', () => {
  it('names WebKitGTK/WPE only: not Safari, Blink (Linux, Android) or Gecko', () => {
    expect(isGStreamerWebKit('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/60.5 Safari/605.1.15')).toBe(true);
    expect(isGStreamerWebKit('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15')).toBe(false);
    expect(isGStreamerWebKit('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1')).toBe(false);
    expect(isGStreamerWebKit('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36')).toBe(false);
    // Playwright's headless Chromium writes "HeadlessChrome/": Chrome with no word boundary before it.
    expect(isGStreamerWebKit('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/141.0.0.0 Safari/537.36')).toBe(false);
    expect(isGStreamerWebKit('Mozilla/5.0 (Linux; Android 14; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36')).toBe(false);
    expect(isGStreamerWebKit('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe(false);
  });
});

describe('browserCapabilities.videoEncoder', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('never asks WebKitGTK for AV1 (kills the page) or VP9 (ignores the bit rate), asks it for H.264; Safari keeps AV1', async () => {
    const asked = fakeEncoder(false);
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/60.5 Safari/605.1.15' });
    expect(await browserCapabilities.videoEncoder('av1', 640, 360, 1_000_000)).toBe(false);
    expect(await browserCapabilities.videoEncoder('vp9', 640, 360, 1_000_000)).toBe(false);
    expect(await browserCapabilities.videoEncoder('avc', 640, 360, 1_000_000)).toBe(true);
    expect(asked.map((c) => c.codec)).toEqual(['avc1.640033']);
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15' });
    expect(await browserCapabilities.videoEncoder('av1', 640, 360, 1_000_000)).toBe(true);
    expect(asked.map((c) => c.codec)).toEqual(['avc1.640033', 'av01.0.08M.08']);
  });
});
