import type { OutputFormat } from '../../../engines/codecs/formats';
import type { CodecJob } from '../../../engines/codecs/types';

export interface CompressSettings {
  format: OutputFormat | 'keep';
  mode: 'quality' | 'size';
  quality: number;
  /** Target in KB (1024 bytes, as the sizes are shown). */
  targetKB: number;
  background: string;
  keepMetadata: boolean;
  lossyPng: boolean;
}

export const COMPRESS_DEFAULTS: CompressSettings = {
  format: 'keep',
  mode: 'quality',
  quality: 75,
  targetKB: 200,
  background: '#ffffff',
  keepMetadata: false,
  lossyPng: false,
};

export const COMPRESS_FORMATS: CompressSettings['format'][] = ['keep', 'jpeg', 'webp', 'avif', 'png'];

export function compressJob(s: CompressSettings): CodecJob {
  const target = s.mode === 'size' && s.targetKB > 0 ? Math.round(s.targetKB * 1024) : undefined;
  return {
    output: s.format,
    quality: Math.max(1, Math.min(100, Math.round(s.quality))),
    targetBytes: target,
    background: s.background,
    keepMetadata: s.keepMetadata,
    lossyPng: s.lossyPng,
  };
}
