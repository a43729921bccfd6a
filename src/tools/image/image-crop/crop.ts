import type { OutputFormat } from '../../../engines/codecs/formats';
import { jpegSegments } from '../../../engines/codecs/header';
import type { CodecJob } from '../../../engines/codecs/types';
import { snapBox } from '../../../lib/box';

export { snapBox };

export const ASPECTS = ['free', '1:1', '4:3', '16:9', '3:2', '9:16'] as const;
export type Aspect = (typeof ASPECTS)[number];

export interface CropSettings {
  x: number;
  y: number;
  width: number;
  height: number;
  aspect: Aspect;
  /** For a batch: the same box on every picture, or the aspect centred on each. */
  batch: 'same' | 'centred';
  format: OutputFormat | 'keep';
  quality: number;
  background: string;
  keepMetadata: boolean;
  lossyPng: boolean;
}

export const CROP_DEFAULTS: CropSettings = {
  x: 0,
  y: 0,
  width: 640,
  height: 480,
  aspect: 'free',
  batch: 'same',
  format: 'keep',
  quality: 85,
  background: '#ffffff',
  keepMetadata: true,
  lossyPng: false,
};

export const CROP_FORMATS: CropSettings['format'][] = ['keep', 'jpeg', 'webp', 'avif', 'jxl', 'png'];

export function aspectRatio(aspect: Aspect): number {
  if (aspect === 'free') return 0;
  const [w, h] = aspect.split(':').map(Number);
  return w / h;
}

export function cropJob(s: CropSettings): CodecJob {
  // Kept in its format, a JPEG or WebP is saved again at the quality read from it (a lossy WebP near the top of the
  // scale, pipeline.ts): `quality` is for the files whose own cannot be read.
  const common = { output: s.format, quality: Math.max(1, Math.min(100, Math.round(s.quality))), matchQuality: s.format === 'keep', background: s.background, keepMetadata: s.keepMetadata, lossyPng: s.lossyPng };
  if (s.batch === 'centred' && s.aspect !== 'free') return { ...common, cropAspect: aspectRatio(s.aspect) };
  return { ...common, crop: { x: Math.round(s.x), y: Math.round(s.y), width: Math.max(1, Math.round(s.width)), height: Math.max(1, Math.round(s.height)) } };
}

/** The JPEG's MCU (8 or 16 px each way), from its frame header; null for anything else. */
export function jpegMcu(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  for (const seg of jpegSegments(bytes)) {
    if (seg.marker >= 0xc0 && seg.marker <= 0xc2 && seg.start + 6 <= bytes.length) {
      const n = bytes[seg.start + 5];
      let h = 1;
      let v = 1;
      for (let i = 0; i < n && seg.start + 7 + 3 * i < bytes.length; i++) {
        h = Math.max(h, bytes[seg.start + 7 + 3 * i] >> 4);
        v = Math.max(v, bytes[seg.start + 7 + 3 * i] & 15);
      }
      return n === 1 ? { width: 8, height: 8 } : { width: 8 * h, height: 8 * v };
    }
  }
  return null;
}
