import { describe, expect, it } from 'vitest';
import { CONVERT_DEFAULTS, convertJob } from './convert';

describe('convert settings to an engine job', () => {
  it('always names an explicit output format', () => {
    expect(convertJob(CONVERT_DEFAULTS)).toMatchObject({ output: 'webp', quality: 80, keepMetadata: false });
    expect(convertJob({ ...CONVERT_DEFAULTS, format: 'gif' }).output).toBe('gif');
    expect(convertJob({ ...CONVERT_DEFAULTS, format: 'jxl', quality: 70 })).toMatchObject({ output: 'jxl', quality: 70 });
  });
  it('falls back to WebP for a stored format it does not know', () => {
    expect(convertJob({ ...CONVERT_DEFAULTS, format: 'tiff' as never }).output).toBe('webp');
  });
});
