import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../../lib/settings-schema';
import { WATERMARK_SCHEMA } from './schema';
import { WATERMARK_DEFAULTS, watermarkJob, watermarkKey } from './watermark';

describe('watermark settings', () => {
  it('ask the engine for the input format at its own quality, with the mark', () => {
    const job = watermarkJob({ ...WATERMARK_DEFAULTS, angle: 400, opacity: 0 });
    expect(job).toMatchObject({ output: 'keep', matchQuality: true, keepMetadata: true, watermark: { kind: 'text', angle: 180, opacity: 1, anchor: 'bottom-right' } });
    expect(job.watermark?.logo).toBeUndefined();
  });
  it('send the logo only for a logo mark, and key results by the logo, not its bytes', () => {
    const logo = { bytes: new Uint8Array(5000).fill(7), key: 'logo.png:5000:1' };
    const job = watermarkJob({ ...WATERMARK_DEFAULTS, kind: 'image', logo });
    expect(job.watermark?.logo).toBe(logo.bytes);
    const key = watermarkKey({ ...WATERMARK_DEFAULTS, kind: 'image', logo });
    expect(key.length).toBeLessThan(800);
    expect(key).toContain('logo.png:5000:1');
    expect(watermarkKey({ ...WATERMARK_DEFAULTS, kind: 'image', logo: { ...logo, key: 'other' } })).not.toBe(key);
  });
  it('refuse stored settings out of range, keeping the defaults', () => {
    const parsed = parseSettings({ ...WATERMARK_DEFAULTS, anchor: 'nowhere', opacity: 500, text: 'x'.repeat(600) }, WATERMARK_DEFAULTS, WATERMARK_SCHEMA);
    expect(parsed.anchor).toBe('bottom-right');
    expect(parsed.opacity).toBe(WATERMARK_DEFAULTS.opacity);
    expect(parsed.text).toBe(WATERMARK_DEFAULTS.text);
  });
});
