import type { CapabilityCheck } from './planner';

const VIDEO_CODEC_STRINGS = { avc: 'avc1.640033', vp9: 'vp09.00.40.08', av1: 'av01.0.08M.08' } as const;

async function supported(probe: () => Promise<{ supported?: boolean }>): Promise<boolean> {
  try {
    return (await probe()).supported === true;
  } catch {
    return false;
  }
}

/** The browser's own answers (WebCodecs), usable in a page or a worker. */
export const browserCapabilities: CapabilityCheck = {
  videoEncoder: (codec, width, height, bitrate) =>
    typeof VideoEncoder === 'undefined'
      ? Promise.resolve(false)
      : supported(() => VideoEncoder.isConfigSupported({ codec: VIDEO_CODEC_STRINGS[codec], width: Math.max(2, width), height: Math.max(2, height), bitrate })),
  audioEncoder: (codec, sampleRate, numberOfChannels, bitrate) =>
    typeof AudioEncoder === 'undefined'
      ? Promise.resolve(false)
      : supported(() => AudioEncoder.isConfigSupported({ codec: codec === 'aac' ? 'mp4a.40.2' : 'opus', sampleRate, numberOfChannels, bitrate })),
};

/**
 * Hardware first (issue 15): 'prefer-hardware' where the browser has a hardware encoder for this configuration,
 * else 'prefer-software'. A hardware encoder is one engine on the chip, so it runs alone (no parallel segments).
 */
export async function videoAcceleration(codec: keyof typeof VIDEO_CODEC_STRINGS, width: number, height: number, bitrate: number): Promise<'prefer-hardware' | 'prefer-software'> {
  if (typeof VideoEncoder === 'undefined') return 'prefer-software';
  const config = { codec: VIDEO_CODEC_STRINGS[codec], width: Math.max(2, width), height: Math.max(2, height), bitrate, hardwareAcceleration: 'prefer-hardware' as const };
  return (await supported(() => VideoEncoder.isConfigSupported(config))) ? 'prefer-hardware' : 'prefer-software';
}
