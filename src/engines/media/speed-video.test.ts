import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BufferTarget } from 'mediabunny';
import { describe, expect, it } from 'vitest';
import { extractSound, speedVideo } from './speed-video';
import { tempoFilter } from './tempo';

const fixturePath = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
const fixture = (name: string) => new Blob([readFileSync(fixturePath(name))]);
const dir = mkdtempSync(path.join(tmpdir(), 'speed-'));

const probe = (file: string, entries: string) => execFileSync('ffprobe', ['-v', 'error', '-show_entries', entries, '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim();
/** Each packet's stream, presentation time and md5, read by ffmpeg. */
const packets = (file: string) =>
  execFileSync('ffprobe', ['-v', 'error', '-show_packets', '-show_data_hash', 'md5', '-show_entries', 'packet=stream_index,pts_time,data_hash', '-of', 'csv=p=0', file], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.split(','))
    .map(([stream, pts, md5]) => ({ stream: Number(stream), pts: Number(pts), md5 }))
    .filter((p) => p.md5?.startsWith('MD5:'));

async function speed(name: string, factor: number, audio: Blob | null = null) {
  const target = new BufferTarget();
  const result = await speedVideo(fixture(name), { speed: factor, removeAudio: false }, audio, () => target, true);
  const out = path.join(dir, `${factor}-${name}`);
  writeFileSync(out, new Uint8Array(target.buffer!));
  return { result, out };
}

describe('speedVideo (packets copied, timestamps scaled)', () => {
  it('halves and doubles the length with every picture copied byte for byte at the scaled time', async () => {
    const source = packets(fixturePath('gop.mp4')).filter((p) => p.stream === 0);
    for (const factor of [2, 0.5, 4, 0.25]) {
      const { result, out } = await speed('gop.mp4', factor);
      expect(result.duration).toBeCloseTo(3 / factor, 6);
      expect(Number(probe(out, 'format=duration'))).toBeCloseTo(3 / factor, 1);
      const copied = packets(out);
      expect(copied.every((p) => p.stream === 0)).toBe(true);
      expect(copied.map((p) => p.md5)).toEqual(source.map((p) => p.md5));
      copied.forEach((p, i) => expect(p.pts).toBeCloseTo(source[i].pts / factor, 3));
      expect(result.fps).toBeCloseTo(10 * factor, 6);
    }
  });

  it('puts the stretched sound beside the pictures, WebM kept as WebM', async () => {
    const sound = path.join(dir, 'sound.webm');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', fixturePath('clip.webm'), '-vn', '-af', tempoFilter(2, 2.008), '-c:a', 'libopus', sound]);
    const { result, out } = await speed('clip.webm', 2, new Blob([readFileSync(sound)]));
    expect(result.extension).toBe('webm');
    expect(result.audio).toBe(true);
    expect(probe(out, 'stream=codec_name').split('\n')).toEqual(['vp9', 'opus']);
    expect(Number(probe(out, 'format=duration'))).toBeCloseTo(1.004, 1);
  });

  it('writes MKV and MOV back as themselves, with AAC sound stretched as the page makes it (M4A)', async () => {
    const sound = path.join(dir, 'sound.m4a');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', fixturePath('gop.mp4'), '-vn', '-af', tempoFilter(0.5, 3), '-c:a', 'aac', sound]);
    for (const ext of ['mkv', 'mov']) {
      const src = path.join(dir, `gop.${ext}`);
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', fixturePath('gop.mp4'), '-c', 'copy', src]);
      const target = new BufferTarget();
      const result = await speedVideo(new Blob([readFileSync(src)]), { speed: 0.5, removeAudio: false }, new Blob([readFileSync(sound)]), () => target, true);
      const out = path.join(dir, `out.${ext}`);
      writeFileSync(out, new Uint8Array(target.buffer!));
      expect(result.extension).toBe(ext);
      expect(probe(out, 'stream=codec_name').split('\n')).toEqual(['h264', 'aac']);
      expect(Number(probe(out, 'format=duration'))).toBeCloseTo(6, 1);
    }
  });

  it('copies the sound track alone out for ffmpeg, byte for byte, and nothing from a file without one', async () => {
    const sound = await extractSound(fixture('gop.mp4'));
    const out = path.join(dir, 'sound.mkv');
    writeFileSync(out, new Uint8Array(await sound!.arrayBuffer()));
    expect(probe(out, 'stream=codec_name')).toBe('aac');
    const source = packets(fixturePath('gop.mp4')).filter((p) => p.stream === 1).map((p) => p.md5);
    // ffprobe prints the first (priming) packet's side data in place of its md5 in the MP4: compared from the second on.
    expect(packets(out).map((p) => p.md5).slice(1)).toEqual(source);
    const silent = path.join(dir, 'silent.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', fixturePath('gop.mp4'), '-an', '-c', 'copy', silent]);
    expect(await extractSound(new Blob([readFileSync(silent)]))).toBeNull();
    expect(await extractSound(new Blob([]))).toBeNull();
  });

  it('refuses zero-byte, undecodable and unsupported files with clear keys', async () => {
    const none = () => new BufferTarget();
    await expect(speedVideo(new Blob([]), { speed: 2, removeAudio: false }, null, none, true)).rejects.toMatchObject({ key: 'media:errors.unreadable' });
    await expect(speedVideo(fixture('corrupt.mp4'), { speed: 2, removeAudio: false }, null, none, true)).rejects.toMatchObject({ key: expect.stringMatching(/^media:errors\./) });
    // AVI is not a container mediabunny reads (the page names it before the job: see client.ts).
    await expect(speedVideo(fixture('clip.avi'), { speed: 2, removeAudio: false }, null, none, true)).rejects.toMatchObject({ key: 'media:errors.unreadable' });
    await expect(speedVideo(fixture('tone.wav'), { speed: 2, removeAudio: false }, null, none, true)).rejects.toMatchObject({ key: expect.stringMatching(/^(media:errors\.noVideo|video-speed:errors\.container)$/) });
    const bytes = readFileSync(fixturePath('clip.mp4'));
    await expect(speedVideo(new Blob([bytes.subarray(0, bytes.length >> 1)]), { speed: 2, removeAudio: false }, null, none, true)).rejects.toMatchObject({ key: 'video-speed:errors.truncated', params: { found: 31, expected: 60 } });
  });
});

describe('tempo chain', () => {
  it('keeps a 440 Hz tone at 440 Hz at half and double speed, cut to the new length', () => {
    const tone = path.join(dir, 'tone.wav');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2:sample_rate=48000', tone]);
    for (const factor of [0.5, 2]) {
      const out = path.join(dir, `tone-${factor}.wav`);
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', tone, '-af', tempoFilter(factor, 2), out]);
      // sox writes its statistics to stderr; its rough frequency counts zero crossings.
      const stat = execFileSync('sh', ['-c', `sox "${out}" -n stat 2>&1`], { encoding: 'utf8' });
      expect(Number(/Rough\s+frequency:\s+(\d+)/.exec(stat)?.[1])).toBeGreaterThan(440 * 0.99);
      expect(Number(/Rough\s+frequency:\s+(\d+)/.exec(stat)?.[1])).toBeLessThan(440 * 1.01);
      expect(Number(/Length \(seconds\):\s+([\d.]+)/.exec(stat)?.[1])).toBeCloseTo(2 / factor, 3);
    }
  });
});
