import { describe, expect, it } from 'vitest';
import { COMPRESS_DEFAULTS, compressJob, LEVEL_DISTANCE, SCORE_LEVELS } from './compress';

describe('compress settings to an engine job', () => {
  it('keeps the format, strips metadata and uses the quality by default', () => {
    expect(compressJob(COMPRESS_DEFAULTS)).toEqual({ output: 'keep', quality: 75, targetBytes: undefined, background: '#ffffff', keepMetadata: false, lossyPng: false });
  });
  it('turns a target in KB into bytes only in size mode', () => {
    expect(compressJob({ ...COMPRESS_DEFAULTS, mode: 'size', targetKB: 200 }).targetBytes).toBe(204800);
    expect(compressJob({ ...COMPRESS_DEFAULTS, mode: 'quality', targetKB: 200 }).targetBytes).toBeUndefined();
    expect(compressJob({ ...COMPRESS_DEFAULTS, mode: 'size', targetKB: 0 }).targetBytes).toBeUndefined();
  });
  it('asks for a SSIMULACRA 2 score only in visual-quality mode', () => {
    expect(compressJob({ ...COMPRESS_DEFAULTS, mode: 'ssim', targetScore: 85 }).targetScore).toBe(85);
    expect(compressJob({ ...COMPRESS_DEFAULTS, mode: 'ssim', targetScore: 85 }).targetBytes).toBeUndefined();
    expect(compressJob({ ...COMPRESS_DEFAULTS, mode: 'quality', targetScore: 85 })).not.toHaveProperty('targetScore');
    expect(COMPRESS_DEFAULTS.targetScore).toBe(80);
  });
  it("bounds butteraugli by the level's band in visual-quality mode, and only there", () => {
    expect(SCORE_LEVELS.map((l) => compressJob({ ...COMPRESS_DEFAULTS, mode: 'ssim', targetScore: l }).targetDistance)).toEqual([4.5, 3, 2.5, 2]);
    // A stored score between levels takes the next level's bound; beyond the top level, the top's.
    expect(compressJob({ ...COMPRESS_DEFAULTS, mode: 'ssim', targetScore: 75 }).targetDistance).toBe(LEVEL_DISTANCE[80]);
    expect(compressJob({ ...COMPRESS_DEFAULTS, mode: 'ssim', targetScore: 95 }).targetDistance).toBe(LEVEL_DISTANCE[90]);
    expect(compressJob({ ...COMPRESS_DEFAULTS, mode: 'quality', targetScore: 85 })).not.toHaveProperty('targetDistance');
  });
  it('clamps the quality', () => {
    expect(compressJob({ ...COMPRESS_DEFAULTS, quality: 140 }).quality).toBe(100);
    expect(compressJob({ ...COMPRESS_DEFAULTS, quality: -3 }).quality).toBe(1);
  });
});
