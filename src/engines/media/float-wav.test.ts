import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFloatWav, wavFileHeader, writeFloatWav } from './float-wav';

describe('one WAV header writer', () => {
  it('writes 16/24-bit PCM and 32-bit float headers soxi reads as such', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wavhdr-'));
    for (const [format, width, encoding] of [['s16', 2, 'Signed Integer PCM'], ['s24', 3, 'Signed Integer PCM'], ['f32', 4, 'Floating Point PCM']] as const) {
      const frames = 4800;
      const file = path.join(dir, `${format}.wav`);
      writeFileSync(file, Buffer.concat([Buffer.from(wavFileHeader(48000, 2, format, frames * 2 * width)), Buffer.alloc(frames * 2 * width)]));
      const info = execFileSync('soxi', [file], { encoding: 'utf8' });
      expect(info).toContain(`${width * 8}-bit`);
      expect(info).toContain(encoding);
      expect(Number(execFileSync('soxi', ['-s', file], { encoding: 'utf8' }))).toBe(frames);
    }
    const pcm = { rate: 44100, channels: [new Float32Array([0.5, -0.25]), new Float32Array([0.125, 1])] };
    expect(readFloatWav(writeFloatWav(pcm))).toEqual(pcm);
  });
});
