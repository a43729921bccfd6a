import type { CapabilityCheck } from './planner';

const VIDEO_CODEC_STRINGS = { avc: 'avc1.640033', vp9: 'vp09.00.40.08', av1: 'av01.0.08M.08' } as const;

async function supported(probe: () => Promise<{ supported?: boolean }>): Promise<boolean> {
  try {
    return (await probe()).supported === true;
  } catch {
    return false;
  }
}

/**
 * WebKit on Linux/BSD (WebKitGTK, WPE: WebCodecs on GStreamer), not Safari (Apple systems) nor Blink, whose user
 * agents also say AppleWebKit. Measured in WebKitGTK 2.50.6 (Debian 12's GStreamer 1.22 vpx and aom elements,
 * 2026-11-29, bench/media/README.md, issue 26), its WebM encoders say yes and then fail in ways no answer tells:
 * - AV1 kills the web process on the first frame (libaom's assertion in rc_pick_q_and_bounds_no_stats_cbr), at
 *   38 kbit/s, 150 kbit/s and 1 Mbit/s on 480×270; a dead page cannot say anything in its row.
 * - VP9 does not follow the bit rate on a real video: the WebM search's samples of the camera-like clip scored SSIM
 *   0.7559 at 272, 686 and 970 kbit/s alike, and the file asked at 970 kbit/s came out at 129 kbit/s (SSIM 0.758
 *   by ffmpeg), far under every quality level.
 * So these browsers are never asked for AV1 or VP9: their WebM is ffmpeg.wasm's VP8 (libvpx), which the row names.
 */
export function isGStreamerWebKit(userAgent: string): boolean {
  return /AppleWebKit\//.test(userAgent) && !/(Chrome|Chromium|CriOS|Edg|Android)/.test(userAgent) && /\b(Linux|X11|FreeBSD|OpenBSD|NetBSD)\b/.test(userAgent);
}

const webmEncodersFail = () => typeof navigator !== 'undefined' && isGStreamerWebKit(navigator.userAgent);

/** The browser's own answers (WebCodecs), usable in a page or a worker. */
export const browserCapabilities: CapabilityCheck = {
  videoEncoder: (codec, width, height, bitrate) =>
    typeof VideoEncoder === 'undefined' || (codec !== 'avc' && webmEncodersFail())
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
