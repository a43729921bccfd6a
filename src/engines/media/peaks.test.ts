import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { computePeaks } from './peaks';

const hasSox = (() => {
  try {
    execFileSync('sox', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

describe.runIf(hasSox)('computePeaks on WAV bytes', () => {
  it('gives each bucket the largest sample of its slice, streamed in order, for 16- and 24-bit stereo', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'peaks-'));
    for (const bits of [16, 24]) {
      // 30 s (several 1 MB slices): a tone whose loudness rises, with quiet noise on the right.
      const file = path.join(dir, `rise${bits}.wav`);
      execFileSync('sox', ['-n', '-r', '44100', '-b', String(bits), '-c', '2', file, 'synth', '30', 'sine', '440', 'whitenoise', 'remix', '1', '2v0.05', 'fade', 't', '30', '0', '0']);
      const raw = execFileSync('sox', [file, '-t', 'raw', '-e', 'signed', '-b', '32', '-'], { maxBuffer: 1 << 26 });
      const frames = raw.length / 8;
      const buckets = 300;
      const expected = new Float32Array(buckets);
      for (let f = 0; f < frames; f++) {
        const b = Math.floor((f * buckets) / frames);
        expected[b] = Math.max(expected[b], Math.abs(raw.readInt32LE(f * 8)) / 2 ** 31, Math.abs(raw.readInt32LE(f * 8 + 4)) / 2 ** 31);
      }
      const got = new Float32Array(buckets);
      const chunks: number[] = [];
      let next = 0;
      const seconds = await computePeaks(new Blob([readFileSync(file)]), buckets, (from, values) => {
        expect(from).toBe(next);
        next = from + values.length;
        chunks.push(values.length);
        got.set(values, from);
      });
      expect(seconds).toBeCloseTo(30, 6);
      expect(next).toBe(buckets);
      expect(chunks.length).toBeGreaterThan(3);
      for (let b = 0; b < buckets; b++) expect(got[b]).toBeCloseTo(expected[b], 4);
      expect(got[buckets - 1]).toBeGreaterThan(10 * got[2]);
    }
  });
});
