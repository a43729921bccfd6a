import type { OutputFormat } from '../../../engines/codecs/formats';
import type { ResizeSpec } from '../../../engines/codecs/resize-math';
import type { CodecJob } from '../../../engines/codecs/types';

/** How to resize: the resizer's own settings, and the optional first step of the compressor and converter. */
export interface ResizeFields {
  mode: 'pixels' | 'percent';
  /** 0 = not set (the other side decides). */
  width: number;
  height: number;
  percent: number;
  keepAspect: boolean;
  /** Never scale a smaller image up (pixel modes). */
  noEnlarge: boolean;
}

export interface ResizeSettings extends ResizeFields {
  format: OutputFormat | 'keep';
  quality: number;
  background: string;
  keepMetadata: boolean;
  lossyPng: boolean;
}

export const RESIZE_DEFAULTS: ResizeSettings = {
  mode: 'pixels',
  width: 1280,
  height: 0,
  percent: 50,
  keepAspect: true,
  noEnlarge: true,
  format: 'keep',
  quality: 85,
  background: '#ffffff',
  keepMetadata: false,
  lossyPng: false,
};

export const RESIZE_FORMATS: ResizeSettings['format'][] = ['keep', 'jpeg', 'webp', 'avif', 'jxl', 'png', 'gif'];

export function resizeSpec(s: ResizeFields): ResizeSpec {
  if (s.mode === 'percent') return { mode: 'percent', percent: s.percent > 0 ? s.percent : 100 };
  return { mode: 'pixels', width: s.width > 0 ? Math.round(s.width) : undefined, height: s.height > 0 ? Math.round(s.height) : undefined, keepAspect: s.keepAspect, noEnlarge: s.noEnlarge !== false };
}

export function resizeJob(s: ResizeSettings): CodecJob {
  return {
    output: s.format,
    quality: Math.max(1, Math.min(100, Math.round(s.quality))),
    background: s.background,
    keepMetadata: s.keepMetadata,
    lossyPng: s.lossyPng,
    resize: resizeSpec(s),
  };
}
