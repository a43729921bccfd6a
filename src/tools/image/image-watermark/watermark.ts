import type { CodecJob } from '../../../engines/codecs/types';
import type { WatermarkSpec } from '../../../engines/codecs/watermark';

/** The mark as the engine draws it (minus the logo's bytes, which stay out of stored settings), and the output's quality. */
export interface WatermarkSettings extends Omit<WatermarkSpec, 'logo'> {
  /** Used only when the input's own quality cannot be read (AVIF, JPEG XL, an unusual JPEG). */
  quality: number;
  keepMetadata: boolean;
}

export const WATERMARK_DEFAULTS: WatermarkSettings = {
  kind: 'text',
  text: '© Localkit',
  font: 'sans-serif',
  bold: true,
  size: 6,
  colour: '#ffffff',
  opacity: 60,
  angle: 0,
  anchor: 'bottom-right',
  offsetX: 16,
  offsetY: 16,
  tiled: false,
  scale: 20,
  quality: 85,
  keepMetadata: true,
};

/** The settings and the logo picked on the page (not stored: a file stays in the page). */
export type WatermarkInput = WatermarkSettings & { logo?: { bytes: Uint8Array; key: string } };

export const clampAngle = (angle: number) => Math.max(-180, Math.min(180, Math.round(angle)));

export function watermarkSpec(s: WatermarkInput): WatermarkSpec {
  return {
    kind: s.kind,
    text: s.text,
    font: s.font,
    bold: s.bold,
    size: Math.max(1, Math.min(50, s.size)),
    colour: s.colour,
    opacity: Math.max(1, Math.min(100, Math.round(s.opacity))),
    angle: clampAngle(s.angle),
    anchor: s.anchor,
    offsetX: Math.round(s.offsetX),
    offsetY: Math.round(s.offsetY),
    tiled: s.tiled,
    scale: Math.max(1, Math.min(100, s.scale)),
    ...(s.kind === 'image' && s.logo ? { logo: s.logo.bytes } : {}),
  };
}

/** Each output in its input's format, saved again at the input's own (estimated) quality. */
export function watermarkJob(s: WatermarkInput): CodecJob {
  return { output: 'keep', quality: s.quality, matchQuality: true, keepMetadata: s.keepMetadata, watermark: watermarkSpec(s) };
}

/** What makes a result stale: the job without the logo's bytes (their key stands for them). */
export function watermarkKey(s: WatermarkInput): string {
  const { logo, ...spec } = watermarkSpec(s);
  return JSON.stringify({ ...watermarkJob(s), watermark: spec, logo: s.kind === 'image' ? (s.logo?.key ?? (logo ? 'logo' : null)) : null });
}
