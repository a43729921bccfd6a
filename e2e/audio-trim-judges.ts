// Inputs and outside judges of the audio trim smokes in Firefox and WebKit: one short file of each compressed format
// audio trim takes (MP3, M4A/AAC, Opus, WebM, FLAC), made once per machine by Debian's ffmpeg; ffprobe and ffmpeg judge.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

// Named after the recipe's version: a changed recipe is made anew, not read from an older run's folder.
const DIR = '/tmp/localkit-audio-trim-formats-1';

/** Each format's name, the codec ffprobe names, and its samples per packet at 44.1/48 kHz. */
export const TRIM_FORMATS = [
  { name: 'song.mp3', codec: 'mp3', args: ['-c:a', 'libmp3lame', '-b:a', '128k'], frame: 1152 },
  { name: 'song.m4a', codec: 'aac', args: ['-c:a', 'aac', '-b:a', '128k'], frame: 1024 },
  { name: 'song.opus', codec: 'opus', args: ['-c:a', 'libopus', '-b:a', '96k'], frame: 960 },
  { name: 'song.webm', codec: 'opus', args: ['-c:a', 'libopus', '-b:a', '96k'], frame: 960 },
  { name: 'song.flac', codec: 'flac', args: ['-c:a', 'flac'], frame: 0 },
] as const;

/** 3 s of 44.1 kHz stereo (a 440 Hz tone, quiet noise) in each format; returns the files' paths. */
export function trimFormatFixtures(): string[] {
  const files = TRIM_FORMATS.map((f) => path.join(DIR, f.name));
  if (!existsSync(path.join(DIR, 'done'))) {
    mkdirSync(DIR, { recursive: true });
    for (const [i, f] of TRIM_FORMATS.entries()) {
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=3', '-f', 'lavfi', '-i', 'anoisesrc=a=0.05:r=44100:d=3', '-filter_complex', 'amerge=inputs=2', ...f.args, files[i]]);
    }
    writeFileSync(path.join(DIR, 'done'), '');
  }
  return files;
}

const probe = (file: string) => {
  const [codec, rate, duration] = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,sample_rate:format=duration', '-of', 'csv=p=0:nk=1', file], { encoding: 'utf8' }).trim().split(/[\n,]+/);
  return { codec, rate: Number(rate), duration: Number(duration) };
};

const pcm = (file: string) => execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 's16le', '-'], { maxBuffer: 1 << 26 });

/**
 * A trim of `source` to [start, end) s: the same codec; lossy formats (packets copied) within one packet of the
 * length by ffprobe; FLAC with exactly the source's samples of the range. Returns what was measured.
 */
export function judgeTrim(out: string, source: string, start: number, end: number): string {
  const format = TRIM_FORMATS.find((f) => source.endsWith(f.name))!;
  const got = probe(out);
  expect(got.codec).toBe(format.codec);
  if (!format.frame) {
    const src = pcm(source);
    const from = Math.round(start * got.rate) * 4;
    expect(pcm(out).equals(src.subarray(from, Math.round(end * got.rate) * 4))).toBe(true);
    return `${format.name}: flac, samples = source's ${start}-${end} s`;
  }
  expect(Math.abs(got.duration - (end - start))).toBeLessThanOrEqual(format.frame / got.rate);
  return `${format.name}: ${got.codec}, ${got.duration} s`;
}
