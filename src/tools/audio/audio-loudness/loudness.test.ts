import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureLoudness } from './loudness';
import { normalise } from './normalise';
import { readFloatWav, writeFloatWav } from '../../../engines/media/float-wav';

// Judge: ffmpeg's ebur128 filter (libavfilter), on inputs made by espeak-ng and ffmpeg's lavfi sources.
const dir = mkdtempSync(path.join(tmpdir(), 'loudness-'));

function ebur128(file: string): { integrated: number; range: number; truePeak: number } {
  // The summary is on stderr.
  const log = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', 'ebur128=peak=true', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
  return ebur128Summary(log);
}

function ebur128Summary(log: string) {
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const value = (re: RegExp) => Number(re.exec(summary)![1]);
  return { integrated: value(/I:\s+(-?[\d.]+|-inf) LUFS/), range: value(/LRA:\s+(-?[\d.]+) LU/), truePeak: value(/Peak:\s+(-?[\d.]+|-inf) dBFS/) };
}

function ffmpegLog(args: string[]): string {
  try {
    return execFileSync('ffmpeg', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    throw new Error(String((e as { stderr?: string }).stderr), { cause: e });
  }
}

/** A float WAV (what ffmpeg.wasm hands the worker) made by ffmpeg from `input` args. */
function floatWav(name: string, input: string[]): string {
  const file = path.join(dir, `${name}.wav`);
  ffmpegLog(['-v', 'error', '-y', ...input, '-c:a', 'pcm_f32le', file]);
  return file;
}

function speech(): string {
  const raw = path.join(dir, 'speech-raw.wav');
  execFileSync('espeak-ng', ['-w', raw, 'Nothing a user drops in is ever uploaded. The loudness of this sentence is measured twice, by us and by ffmpeg.']);
  return floatWav('speech', ['-i', raw, '-ar', '48000']);
}

const INPUTS: Record<string, () => string> = {
  speech,
  // Music-like: chords with a beat, stereo, at 44.1 kHz.
  music: () => floatWav('music', ['-f', 'lavfi', '-i', "aevalsrc='0.3*sin(2*PI*220*t)*(0.6+0.4*sin(2*PI*2*t))+0.2*sin(2*PI*277*t)+0.15*sin(2*PI*3520*t)*gt(mod(t,0.5),0.4)|0.25*sin(2*PI*330*t)+0.2*sin(2*PI*165*t)':s=44100:d=8"]),
  // Very quiet: pink noise at about -55 LUFS with one loud click, so the gain alone would clip.
  quiet: () => floatWav('quiet', ['-f', 'lavfi', '-i', "anoisesrc=color=pink:amplitude=0.003:d=6:r=48000,aeval='val(0)+0.5*eq(n\\,100000)'"]),
};

describe('loudness (BS.1770-4 / R128) against ffmpeg ebur128', () => {
  for (const [name, make] of Object.entries(INPUTS)) {
    it(`measures and normalises ${name}`, { timeout: 60_000 }, () => {
      const file = make();
      const bytes = readFileSync(file);
      const pcm = readFloatWav(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
      const ours = measureLoudness(pcm.channels, pcm.rate);
      const judge = ebur128(file);
      expect(Math.abs(ours.integrated - judge.integrated)).toBeLessThan(0.2);
      expect(Math.abs(ours.truePeak - judge.truePeak)).toBeLessThan(0.3);
      expect(Math.abs(ours.range - judge.range)).toBeLessThan(1);
      for (const [target, ceiling] of [[-14, -1], [-23, -2]]) {
        const out = normalise(pcm.channels, pcm.rate, ours, target, ceiling - 0.1);
        const outFile = path.join(dir, `${name}-${target}.wav`);
        writeFileSync(outFile, new Uint8Array(writeFloatWav({ rate: pcm.rate, channels: out.channels })));
        const after = ebur128(outFile);
        expect(Math.abs(after.integrated - target), `${name} → ${target}: ${after.integrated}`).toBeLessThan(0.5);
        expect(after.truePeak, `${name} → ${target}: TP ${after.truePeak}`).toBeLessThanOrEqual(ceiling);
      }
    });
  }

  it('calls silence silent', () => {
    const silent = [new Float32Array(48000)];
    expect(measureLoudness(silent, 48000).integrated).toBe(-Infinity);
  });
});
