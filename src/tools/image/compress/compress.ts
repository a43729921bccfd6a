import type { OutputFormat } from '../../../engines/codecs/formats';
import type { CodecJob } from '../../../engines/codecs/types';
import { RESIZE_STEP_DEFAULTS, resizeStepSpec, type ResizeStep } from '../shared/resizeStep';

export interface CompressSettings {
  format: OutputFormat | 'keep';
  mode: 'quality' | 'size' | 'ssim';
  quality: number;
  /** Target in KB (1024 bytes, as the sizes are shown). */
  targetKB: number;
  /** In 'ssim' (visual quality) mode: the SSIMULACRA 2 score, measured against the original, the smallest file must reach. */
  targetScore: number;
  background: string;
  keepMetadata: boolean;
  lossyPng: boolean;
  /** An optional resize before compressing, in the same pass. */
  resize: ResizeStep;
}

export const COMPRESS_DEFAULTS: CompressSettings = {
  format: 'keep',
  mode: 'quality',
  quality: 75,
  targetKB: 200,
  targetScore: 80,
  background: '#ffffff',
  keepMetadata: false,
  lossyPng: false,
  resize: RESIZE_STEP_DEFAULTS,
};

export const COMPRESS_FORMATS: CompressSettings['format'][] = ['keep', 'jpeg', 'webp', 'avif', 'jxl', 'png'];

/**
 * The visual-quality levels offered, as SSIMULACRA 2 scores (the search's metric; the result row shows the score
 * reached). Their names follow what a second metric, Debian's butteraugli (under 1 indistinguishable, 1–2 hard to
 * tell apart, above 2 visible on a close look), measured on the files this mode made from bench/image's 12 photos
 * (`levels.mjs`, issue 33): with SSIMULACRA 2 alone 90 → 0.78–1.8, 85 → 1.3–2.8, 80 → 1.5–3.5, 70 → 2.5–5.7, JPEG
 * and WebP. SSIMULACRA 2's own scale (80 indistinguishable side by side, 90 visually lossless) promised more than
 * these files keep. So each level also bounds butteraugli (LEVEL_DISTANCE, stated beside its name), as the
 * browser estimates it (engines/codecs/butteraugli-proxy.ts).
 */
export const SCORE_LEVELS = [70, 80, 85, 90] as const;

/** Each level's butteraugli bound (max distance): the band its name stands for. */
export const LEVEL_DISTANCE: Record<(typeof SCORE_LEVELS)[number], number> = { 70: 4.5, 80: 3, 85: 2.5, 90: 2 };

/** The bound of the level at or above `score` (a stored custom score takes the next level's). */
export function levelDistance(score: number): number {
  const level = SCORE_LEVELS.find((l) => l >= score) ?? SCORE_LEVELS[SCORE_LEVELS.length - 1];
  return LEVEL_DISTANCE[level];
}

export function compressJob(s: CompressSettings): CodecJob {
  const target = s.mode === 'size' && s.targetKB > 0 ? Math.round(s.targetKB * 1024) : undefined;
  return {
    output: s.format,
    quality: Math.max(1, Math.min(100, Math.round(s.quality))),
    targetBytes: target,
    ...(s.mode === 'ssim' ? { targetScore: Math.max(30, Math.min(95, s.targetScore)), targetDistance: levelDistance(s.targetScore) } : {}),
    background: s.background,
    keepMetadata: s.keepMetadata,
    lossyPng: s.lossyPng,
    resize: resizeStepSpec(s.resize),
  };
}
