import { OggOutputFormat, WavOutputFormat } from 'mediabunny';
import { describe, expect, it, vi } from 'vitest';
import { audioEncoderWorks } from './encode-probe';

describe('audioEncoderWorks', () => {
  it('says yes when a quarter second of tone encodes and muxes', async () => {
    expect(await audioEncoderWorks('pcm-s16', new WavOutputFormat(), 44100, 2)).toBe(true);
  });

  it('says no, once per combination, when the encoder fails (no WebCodecs Opus encoder in Node)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = audioEncoderWorks('opus', new OggOutputFormat(), 48000, 2, 128_000);
    expect(audioEncoderWorks('opus', new OggOutputFormat(), 48000, 2, 128_000)).toBe(first);
    expect(await first).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
