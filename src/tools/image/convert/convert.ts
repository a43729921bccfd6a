import type { OutputFormat } from '../../../engines/codecs/formats';
import type { CodecJob } from '../../../engines/codecs/types';
import { RESIZE_STEP_DEFAULTS, resizeStepSpec, type ResizeStep } from '../shared/resizeStep';

export interface ConvertSettings {
  format: OutputFormat;
  quality: number;
  background: string;
  keepMetadata: boolean;
  lossyPng: boolean;
  /** An optional resize before converting, in the same pass. */
  resize: ResizeStep;
}

export const CONVERT_DEFAULTS: ConvertSettings = { format: 'webp', quality: 80, background: '#ffffff', keepMetadata: false, lossyPng: false, resize: RESIZE_STEP_DEFAULTS };

export const CONVERT_FORMATS: OutputFormat[] = ['webp', 'png', 'jpeg', 'gif', 'avif', 'jxl'];

export function convertJob(s: ConvertSettings): CodecJob {
  const format = CONVERT_FORMATS.includes(s.format) ? s.format : CONVERT_DEFAULTS.format;
  return {
    output: format,
    quality: Math.max(1, Math.min(100, Math.round(s.quality))),
    background: s.background,
    keepMetadata: s.keepMetadata,
    lossyPng: s.lossyPng,
    resize: resizeStepSpec(s.resize),
  };
}
