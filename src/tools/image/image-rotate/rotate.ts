import type { OutputFormat } from '../../../engines/codecs/formats';
import type { CodecJob } from '../../../engines/codecs/types';

export interface RotateSettings {
  /** Degrees clockwise, 0–359. */
  angle: number;
  flipH: boolean;
  flipV: boolean;
  format: OutputFormat | 'keep';
  quality: number;
  background: string;
  keepMetadata: boolean;
  lossyPng: boolean;
}

export const ROTATE_DEFAULTS: RotateSettings = {
  angle: 90,
  flipH: false,
  flipV: false,
  format: 'keep',
  quality: 85,
  background: '#ffffff',
  keepMetadata: true,
  lossyPng: false,
};

export const ROTATE_FORMATS: RotateSettings['format'][] = ['keep', 'jpeg', 'webp', 'avif', 'jxl', 'png'];

export const normalAngle = (angle: number) => ((Math.round(angle) % 360) + 360) % 360;

/** A JPEG kept as JPEG and turned by a multiple of 90° is transformed without re-encoding. */
export const isLosslessForJpeg = (s: RotateSettings) => normalAngle(s.angle) % 90 === 0 && (s.format === 'keep' || s.format === 'jpeg');

export function rotateJob(s: RotateSettings): CodecJob {
  return {
    output: s.format,
    quality: Math.max(1, Math.min(100, Math.round(s.quality))),
    // As image-crop: kept in its format, a JPEG or WebP is saved again at the quality read from it.
    matchQuality: s.format === 'keep',
    background: s.background,
    keepMetadata: s.keepMetadata,
    lossyPng: s.lossyPng,
    transform: { angle: normalAngle(s.angle), flipH: s.flipH, flipV: s.flipV },
  };
}
