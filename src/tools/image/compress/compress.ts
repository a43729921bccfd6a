import type { OutputFormat } from '../../../engines/codecs/formats';
import type { CodecJob } from '../../../engines/codecs/types';

export interface CompressSettings {
  format: OutputFormat | 'keep';
  mode: 'quality' | 'size' | 'ssim';
  quality: number;
  /** Target in KB (1024 bytes, as the sizes are shown). */
  targetKB: number;
  /** In 'ssim' mode: the least similarity to the original (SSIM) the smallest file must keep. */
  targetSsim: number;
  background: string;
  keepMetadata: boolean;
  lossyPng: boolean;
}

export const COMPRESS_DEFAULTS: CompressSettings = {
  format: 'keep',
  mode: 'quality',
  quality: 75,
  targetKB: 200,
  targetSsim: 0.98,
  background: '#ffffff',
  keepMetadata: false,
  lossyPng: false,
};

export const COMPRESS_FORMATS: CompressSettings['format'][] = ['keep', 'jpeg', 'webp', 'avif', 'jxl', 'png'];

/** The similarity levels offered, from "looks good" to "hard to tell apart even zoomed in". */
export const SSIM_LEVELS = [0.95, 0.97, 0.98, 0.99] as const;

export function compressJob(s: CompressSettings): CodecJob {
  const target = s.mode === 'size' && s.targetKB > 0 ? Math.round(s.targetKB * 1024) : undefined;
  return {
    output: s.format,
    quality: Math.max(1, Math.min(100, Math.round(s.quality))),
    targetBytes: target,
    ...(s.mode === 'ssim' ? { targetSsim: Math.max(0.5, Math.min(0.999, s.targetSsim)) } : {}),
    background: s.background,
    keepMetadata: s.keepMetadata,
    lossyPng: s.lossyPng,
  };
}
