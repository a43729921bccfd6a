import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { trimAudioFile } from './trim-audio';
import { audioTrimArgs } from './audio-trim-args';
import { sameFormat } from './same-format';

// ffmpeg makes the sources and judges the results (ffprobe's duration, its decoded samples).
const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version']);
    return true;
  } catch {
    return false;
  }
})();

const dir = mkdtempSync(path.join(tmpdir(), 'trim-audio-'));
const TONE = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=6', '-f', 'lavfi', '-i', 'anoisesrc=a=0.05:r=44100:d=6', '-filter_complex', 'amerge=inputs=2'];
function make(name: string, args: string[]): File {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...TONE, ...args, file]);
  return new File([readFileSync(file)], name);
}
const write = async (name: string, blob: Blob) => {
  const file = path.join(dir, name);
  writeFileSync(file, new Uint8Array(await blob.arrayBuffer()));
  return file;
};
const probeDuration = (file: string) => Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }));
const pcm = (file: string) => execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 's32le', '-'], { maxBuffer: 1 << 28 });
const keep = (ranges: { start: number; end: number }[], fadeIn = 0, fadeOut = 0) => ({ ranges, mode: 'keep' as const, fadeIn, fadeOut });

describe.runIf(hasFfmpeg)('trimAudioFile on compressed formats', () => {
  const cases = [
    { name: 'take.mp3', args: ['-c:a', 'libmp3lame', '-b:a', '128k'], ext: 'mp3', frame: 1152 / 44100 },
    { name: 'take.m4a', args: ['-c:a', 'aac', '-b:a', '128k'], ext: 'm4a', frame: 1024 / 44100 },
    { name: 'take.opus', args: ['-c:a', 'libopus', '-b:a', '96k'], ext: 'opus', frame: 0.02 },
    { name: 'take.ogg', args: ['-c:a', 'libvorbis', '-q:a', '4'], ext: 'ogg', frame: 1024 / 44100 },
  ];
  for (const c of cases) {
    it(`copies whole ${c.ext} packets, two ranges, each cut within half a packet and the length within one`, async () => {
      const r = await trimAudioFile(make(c.name, c.args), keep([{ start: 1, end: 2.5 }, { start: 4, end: 5 }]));
      if (r.kind !== 'done') throw new Error(`expected a packet copy, got ${r.kind}`);
      expect(r.extension).toBe(c.ext);
      expect(r.cuts).toHaveLength(2);
      const typed = [1, 2.5, 4, 5];
      r.cuts!.flatMap((cut) => [cut.start, cut.end]).forEach((at, i) => expect(Math.abs(at - typed[i])).toBeLessThanOrEqual(c.frame / 2 + 1e-6));
      const file = await write(`out-${c.name}`, r.data);
      const measured = probeDuration(file);
      expect(Math.abs(measured - 2.5)).toBeLessThanOrEqual(c.frame + 1e-3);
      expect(Math.abs(measured - r.duration)).toBeLessThanOrEqual(c.frame + 1e-3);
    });
  }

  it('asks for a lossless re-encode of FLAC whose samples are exactly the source kept range (16 and 24 bits)', async () => {
    for (const bits of [16, 24]) {
      const src = make(`take${bits}.flac`, ['-c:a', 'flac', '-sample_fmt', bits === 16 ? 's16' : 's32', '-bits_per_raw_sample', String(bits)]);
      const r = await trimAudioFile(src, keep([{ start: 0.5, end: 1.25 }, { start: 3, end: 3.0001 }]));
      if (r.kind !== 'reencode') throw new Error('expected a re-encode plan');
      expect(r).toMatchObject({ output: 'flac', sampleRate: 44100 });
      const out = path.join(dir, `out${bits}.flac`);
      // The same arguments ffmpeg.wasm gets in the page, run by the native ffmpeg.
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', path.join(dir, src.name), ...audioTrimArgs(r, ['-c:a', 'flac']), out]);
      const whole = pcm(path.join(dir, src.name));
      const frame = 8; // 2 channels of s32
      const expected = Buffer.concat([whole.subarray(22050 * frame, 55125 * frame), whole.subarray(132300 * frame, 132304 * frame)]);
      expect(pcm(out).equals(expected)).toBe(true);
      expect(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=bits_per_raw_sample', '-of', 'csv=p=0', out], { encoding: 'utf8' }).trim()).toBe(String(bits));
    }
  });

  it('re-encodes a lossy file in its own format when it fades; refuses what it cannot read', async () => {
    const r = await trimAudioFile(make('fade.mp3', ['-c:a', 'libmp3lame']), keep([{ start: 1, end: 3 }], 0.5, 0.5));
    expect(r).toMatchObject({ kind: 'reencode', output: 'same', fadeIn: 0.5 });
    await expect(trimAudioFile(new File(['not really an mp3'], 'x.mp3'), keep([{ start: 0, end: 1 }]))).rejects.toMatchObject({ key: 'audio-trim:errors.format' });
    await expect(trimAudioFile(new File([], 'x.mp3'), keep([{ start: 0, end: 1 }]))).rejects.toMatchObject({ key: 'media:errors.unreadable' });
    await expect(trimAudioFile(make('short.mp3', ['-c:a', 'libmp3lame']), keep([{ start: 10, end: 12 }]))).rejects.toMatchObject({ key: 'audio-trim:errors.nothingKept' });
  });

  it("writes a fade's re-encode exactly as long as kept: the encoder's delay and last-frame padding where each format keeps them", async () => {
    // The plan the worker hands to ffmpeg.wasm, run by Debian's ffmpeg 5.1 (the wasm core's version) with the same arguments.
    for (const [ext, args, rate] of [['mp3', ['-c:a', 'libmp3lame'], 44100], ['m4a', ['-c:a', 'aac'], 44100], ['opus', ['-c:a', 'libopus'], 48000]] as const) {
      const plan = await trimAudioFile(make(`src.${ext}`, [...args]), keep([{ start: 1, end: 5 }], 0.5, 0.5));
      if (plan.kind !== 'reencode') throw new Error('expected a re-encode');
      const source = path.join(dir, `src.${ext}`);
      const out = path.join(dir, `faded.${ext}`);
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', source, ...audioTrimArgs(plan, sameFormat(ext).args), out]);
      const samples = execFileSync('ffmpeg', ['-v', 'error', '-i', out, '-ac', '1', '-f', 's16le', '-'], { maxBuffer: 1 << 26 }).length / 2;
      if (ext === 'm4a') {
        // The edit list: 4 s to the sample (ffprobe). ffmpeg 5.1 applies only its start and decodes the last frame whole.
        expect(probeDuration(out)).toBe(4);
        expect(samples - 4 * rate).toBeGreaterThanOrEqual(0);
        expect(samples - 4 * rate).toBeLessThan(1024);
      } else {
        // LAME's gapless header, Opus's pre-skip and end granule: decoded to exactly 4 s.
        expect(samples).toBe(4 * rate);
      }
    }
  });
});
