import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sameFormatOf, widestWavFormat } from './same-format';

/** One second of a tone as ffmpeg writes it with `codec`. */
const wav = (codec: string) =>
  new Blob([execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=440:d=1', '-c:a', codec, '-f', 'wav', '-'], { maxBuffer: 1 << 24 })]);

describe('the output format of an audio edit keeps a WAV sample format', () => {
  it('writes each WAV back in its own sample format', async () => {
    for (const [codec, label] of [
      ['pcm_s16le', 'WAV · PCM 16-bit'],
      ['pcm_s24le', 'WAV · PCM 24-bit'],
      ['pcm_s32le', 'WAV · PCM 32-bit'],
      ['pcm_f32le', 'WAV · float 32-bit'],
      ['pcm_u8', 'WAV · PCM 8-bit'],
    ]) {
      const format = await sameFormatOf(wav(codec), 'wav');
      expect(format.args, codec).toEqual(['-c:a', codec]);
      expect(format.label).toBe(label);
    }
  });

  it('leaves other formats as they were and falls back to 16-bit for what is not a PCM WAV', async () => {
    expect((await sameFormatOf(new Blob(['not audio']), 'mp3')).args).toContain('libmp3lame');
    expect((await sameFormatOf(new Blob(['RIFF????WAVE']), 'wav')).args).toEqual(['-c:a', 'pcm_s16le']);
  });

  it('writes a merge at the deepest WAV input format', async () => {
    expect((await widestWavFormat([wav('pcm_s16le'), wav('pcm_s24le')])).args).toEqual(['-c:a', 'pcm_s24le']);
    expect((await widestWavFormat([wav('pcm_s24le'), wav('pcm_f32le')])).args).toEqual(['-c:a', 'pcm_f32le']);
    expect((await widestWavFormat([new Blob(['ID3 mp3 bytes'])])).args).toEqual(['-c:a', 'pcm_s16le']);
  });
});
