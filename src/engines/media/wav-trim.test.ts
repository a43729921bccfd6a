import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyFade, readWavLayout, trimWav, wavHeader } from './wav-trim';

// tone.wav: 1 s of 44.1 kHz 16-bit stereo.
const bytes = new Uint8Array(readFileSync(new URL('./fixtures/tone.wav', import.meta.url)));
const file = new Blob([bytes]);
const layout = readWavLayout(bytes.subarray(0, 4096), bytes.length)!;
const samples = (b: Uint8Array, offset: number) => new Int16Array(b.slice(offset).buffer);

describe('WAV trim on a real file', () => {
  it('reads the layout', () => {
    expect(layout).toMatchObject({ format: 1, channels: 2, sampleRate: 44100, bitsPerSample: 16, blockAlign: 4 });
    expect(layout.dataSize / layout.blockAlign).toBe(44100);
    expect(readWavLayout(new Uint8Array(0), 0)).toBeNull();
    expect(readWavLayout(new TextEncoder().encode('RIFF....WAVEjunk'), 16)).toBeNull();
  });

  it('copies exactly the source samples of the kept ranges, joined', async () => {
    const r = await trimWav(file, layout, [
      { start: 0.1, end: 0.25 },
      { start: 0.5, end: 0.75 },
    ], 0, 0);
    expect(r.frames).toBe(4410 * 1.5 + 11025);
    const out = new Uint8Array(await r.blob.arrayBuffer());
    const outLayout = readWavLayout(out, out.length)!;
    expect(outLayout.dataSize).toBe(r.frames * 4);
    const src = samples(bytes, layout.dataOffset);
    const got = samples(out, outLayout.dataOffset);
    expect(Array.from(got.subarray(0, 6615 * 2))).toEqual(Array.from(src.subarray(4410 * 2, 11025 * 2)));
    expect(Array.from(got.subarray(6615 * 2))).toEqual(Array.from(src.subarray(22050 * 2, 33075 * 2)));
  });

  it('fades in and out over the typed length, monotonic envelopes, the middle untouched', async () => {
    const r = await trimWav(file, layout, [{ start: 0, end: 1 }], 0.1, 0.2);
    const out = new Uint8Array(await r.blob.arrayBuffer());
    const got = samples(out, readWavLayout(out, out.length)!.dataOffset);
    const src = samples(bytes, layout.dataOffset);
    // Fade in: 4410 frames from 0, each frame's gain f/4410 (to rounding); fade out: the last 8820 frames to 0.
    expect(got[0]).toBe(0);
    for (let f = 0; f < 4410; f++) expect(Math.abs(got[f * 2] - Math.round(src[f * 2] * (f / 4410)))).toBeLessThanOrEqual(1);
    for (let f = 44100 - 8820; f < 44100; f++) expect(Math.abs(got[f * 2] - Math.round(src[f * 2] * ((44100 - 1 - f) / 8820)))).toBeLessThanOrEqual(1);
    expect(Array.from(got.subarray(4410 * 2, (44100 - 8820) * 2))).toEqual(Array.from(src.subarray(4410 * 2, (44100 - 8820) * 2)));
    expect(got[44099 * 2]).toBe(0);
  });

  it('fades every sample width the same way', () => {
    const header = wavHeader(new Uint8Array([1, 0, 1, 0, 0x44, 0xac, 0, 0, 0x88, 0x58, 1, 0, 2, 0, 16, 0]), 8);
    expect(readWavLayout(new Uint8Array([...header, 0, 0, 0, 0, 0, 0, 0, 0]), header.length + 8)).toMatchObject({ channels: 1, dataSize: 8 });
    const b24 = new Uint8Array([0xff, 0xff, 0x7f, 0x00, 0x00, 0x80]);
    applyFade(b24, { format: 1, channels: 2, bitsPerSample: 24, blockAlign: 6 }, 1, 2, 'in');
    // Gain 1/2: 8388607 → 4194304 (rounded), -8388608 → -4194304.
    expect(Array.from(b24)).toEqual([0x00, 0x00, 0x40, 0x00, 0x00, 0xc0]);
    const f32 = new Float32Array([1, -0.5]);
    applyFade(new Uint8Array(f32.buffer), { format: 3, channels: 1, bitsPerSample: 32, blockAlign: 4 }, 0, 2, 'out');
    expect(Array.from(f32)).toEqual([0.5, -0]);
  });
});
