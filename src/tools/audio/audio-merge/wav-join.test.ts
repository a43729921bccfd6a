import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSamples, readWavLayout, type WavLayout } from '../../../engines/media/wav-trim';
import { joinWavBytes, sameWavFormat } from './wav-join';

// WAVs written by Debian's ffmpeg: 440 Hz at 0.5, one ending at its peak (cos), one starting at zero (sin).
const dir = mkdtempSync(path.join(tmpdir(), 'audio-merge-wav-'));
function wav(name: string, expr: string, codec: string, rate = 44100, seconds = 1): { blob: Blob; layout: WavLayout; bytes: Uint8Array } {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=${expr}:s=${rate}:d=${seconds}`, '-c:a', codec, file]);
  const bytes = new Uint8Array(readFileSync(file));
  return { blob: new Blob([bytes]), layout: readWavLayout(bytes, bytes.length)!, bytes };
}
const data = (w: { layout: WavLayout; bytes: Uint8Array }) => w.bytes.subarray(w.layout.dataOffset, w.layout.dataOffset + w.layout.dataSize);
const steps = (x: Float32Array) => x.reduce((m, v, n) => (n ? Math.max(m, Math.abs(v - x[n - 1])) : 0), 0);

describe('joinWavBytes (WAVs of one format joined as bytes)', () => {
  it('keeps every byte of a recording cut in two and joined back', async () => {
    const whole = wav('whole.wav', '0.5*sin(2*PI*440*t+1)', 'pcm_s24le', 44100, 2);
    const cut = whole.layout.dataOffset + 30_000 * whole.layout.blockAlign;
    const parts = [whole.bytes.slice(0, cut), whole.bytes.slice(cut)];
    const a = { ...whole.layout, dataSize: cut - whole.layout.dataOffset };
    const b = { ...whole.layout, dataOffset: 0, dataSize: whole.layout.dataSize - a.dataSize };
    const out = await joinWavBytes(parts.map((p) => new Blob([p])), [a, b], 220);
    expect(out.smoothed).toBe(0);
    const bytes = new Uint8Array(await out.blob.arrayBuffer());
    const layout = readWavLayout(bytes, bytes.length)!;
    expect(layout).toMatchObject({ format: 1, bitsPerSample: 24, channels: 1, sampleRate: 44100, dataSize: whole.layout.dataSize });
    expect(Buffer.from(bytes.subarray(layout.dataOffset)).equals(Buffer.from(data(whole)))).toBe(true);
  });

  for (const codec of ['pcm_s16le', 'pcm_f32le'])
    it(`smooths a join that would click (${codec}) within the tones' own step; every other byte is the files'`, async () => {
      const [peak, zero] = ['cos', 'sin'].map((fn) => wav(`${fn}-${codec}.wav`, `0.5*${fn}(2*PI*440*t)`, codec));
      const out = await joinWavBytes([peak.blob, zero.blob], [peak.layout, zero.layout], 220);
      expect([out.smoothed, out.frames]).toEqual([1, 88_200]);
      const bytes = new Uint8Array(await out.blob.arrayBuffer());
      const layout = readWavLayout(bytes, bytes.length)!;
      const joined = bytes.subarray(layout.dataOffset);
      const edge = 220 * layout.blockAlign;
      expect(Buffer.from(joined.subarray(0, data(peak).length - edge)).equals(Buffer.from(data(peak).subarray(0, -edge)))).toBe(true);
      expect(Buffer.from(joined.subarray(data(peak).length + edge)).equals(Buffer.from(data(zero).subarray(edge)))).toBe(true);
      const own = Math.max(steps(readSamples(data(peak), layout)), steps(readSamples(data(zero), layout)));
      expect(steps(readSamples(joined, layout))).toBeLessThanOrEqual(own * 1.001 + 1);
    });

  it('is only for WAVs of one format, rate and channel count', () => {
    const a = wav('a.wav', '0.1', 'pcm_s16le').layout;
    expect(sameWavFormat([a, { ...a }])).toBe(true);
    expect(sameWavFormat([a, { ...a, bitsPerSample: 24 }])).toBe(false);
    expect(sameWavFormat([a, { ...a, sampleRate: 48000 }])).toBe(false);
    expect(sameWavFormat([a, null])).toBe(false);
    expect(sameWavFormat([a, { ...a, dataSize: 2 ** 32 }])).toBe(false);
  });
});
