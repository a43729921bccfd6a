import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptRanges, type TimeRange } from '../../lib/time-ranges';
import { largestShift, streamTimes } from '../../lib/testing/streamTimes';
import { keptExpression, pieceShifts, speedReencodeArgs, trimReencodeArgs } from './reencode-args';

// The arguments run by the system's ffmpeg on real MPEG-TS, AVI and FLV files, judged by ffprobe.
const probe = (file: string, entries: string) => execFileSync('ffprobe', ['-v', 'error', '-show_entries', entries, '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim();
const run = (input: string, args: string[], output: string) => execFileSync('ffmpeg', ['-v', 'error', '-i', input, ...args, '-y', output]);
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

describe('re-encode fallback arguments', () => {
  let dir: string;
  const file = (name: string) => path.join(dir, name);
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'reencode-'));
    const lavfi = ['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25:duration=6', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6'];
    ffmpeg([...lavfi, '-c:v', 'mpeg2video', '-c:a', 'mp2', '-shortest', file('in.ts')]);
    ffmpeg([...lavfi, '-c:v', 'mpeg4', '-c:a', 'libmp3lame', '-shortest', file('in.avi')]);
    ffmpeg([...lavfi, '-c:v', 'flv1', '-c:a', 'libmp3lame', '-ar', '44100', '-shortest', file('in.flv')]);
    // A camera's variable frame rate: 30 fps, 10 fps from 2 s to 4 s, 30 fps again; the pictures start 0.3 s after the sound.
    ffmpeg(['-itsoffset', '0.3', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=30:duration=6', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6.3',
      '-vf', "select='lt(t,2.3)+gte(t,4.3)+not(mod(n,3))'", '-fps_mode', 'vfr', '-c:v', 'libx264', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mpegts', file('vfr.ts')]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes an expression of the kept ranges, open at the end where the last one is, and each piece\'s shift', () => {
    expect(keptExpression([{ start: 0, end: 1.5 }, { start: 3, end: Infinity }])).toBe('gte(t\\,0)*lt(t\\,1.5)+gte(t\\,3)');
    expect(pieceShifts([{ start: 1, end: 3 }, { start: 4, end: 5.5 }, { start: 7, end: Infinity }])).toEqual([1, 2, 3.5]);
  });

  it('cuts 2-3 s out of an MPEG-TS: 5 s of H.264 and AAC', () => {
    const out = file('trim.mp4');
    run(file('in.ts'), trimReencodeArgs(keptRanges([{ start: 2, end: 3 }], 'remove', Infinity), false), out);
    expect(probe(out, 'stream=codec_name')).toBe('h264\naac');
    expect(Number(probe(out, 'stream=nb_frames').split('\n')[0])).toBe(125);
    expect(Number(probe(out, 'format=duration'))).toBeCloseTo(5, 1);
  });

  it('keeps a variable-frame-rate TS\'s pictures at their own times and in sync with the sound (two pieces)', { timeout: 60_000 }, () => {
    const source = streamTimes(file('vfr.ts'));
    // The source as the fixture says: 140 pictures, the first 0.3 s after the sound starts.
    expect(source.video.length).toBe(140);
    expect(source.video[0] - source.audio!.start).toBeCloseTo(0.32, 1);
    const kept: TimeRange[] = [{ start: 1, end: 3 }, { start: 4, end: 5.5 }];
    const out = file('vfr-trim.mp4');
    run(file('vfr.ts'), trimReencodeArgs(kept, false), out);
    const got = streamTimes(out);
    const shifts = pieceShifts(kept);
    const expected = source.video.flatMap((t) => kept.flatMap((r, i) => (t >= r.start && t < r.end ? [t - shifts[i]] : [])));
    const frame = 1 / 30;
    // Every kept picture, each at its source time less its piece's shift (to the encoder's 1/90000 s).
    expect(largestShift(got.video, expected)).toBeLessThan(0.002);
    // The sound from the first piece's start to the end of the last, within one frame.
    expect(Math.abs(got.audio!.start - 0)).toBeLessThanOrEqual(frame);
    expect(Math.abs(got.audio!.end - 3.5)).toBeLessThanOrEqual(frame);
    expect(Math.abs(got.duration - 3.5)).toBeLessThanOrEqual(frame);
  });

  it('plays TS, variable-rate TS, AVI and FLV twice as fast and at half speed: every stream\'s start and end ÷ the factor, within one frame', { timeout: 180_000 }, () => {
    for (const [name, fps] of [['vfr.ts', 30], ['in.ts', 25], ['in.avi', 25], ['in.flv', 25]] as const) {
      const source = streamTimes(file(name));
      for (const speed of [2, 0.5]) {
        const out = file(`${speed}-${name}.mp4`);
        run(file(name), speedReencodeArgs(speed, false), out);
        const got = streamTimes(out);
        const frame = 1 / (fps * speed);
        console.log(`${name} ${speed}×: pictures ${got.video.length}, off by ≤ ${largestShift(got.video, source.video.map((t) => t / speed)).toFixed(4)} s; sound ${got.audio!.start.toFixed(4)}–${got.audio!.end.toFixed(4)} s for ${(source.audio!.start / speed).toFixed(4)}–${(source.audio!.end / speed).toFixed(4)}; end ${got.end.toFixed(4)} for ${(source.end / speed).toFixed(4)}, header ${got.duration}`);
        expect(probe(out, 'stream=codec_type')).toBe('video\naudio');
        expect(largestShift(got.video, source.video.map((t) => t / speed))).toBeLessThan(0.002);
        expect(Math.abs(got.audio!.start - source.audio!.start / speed)).toBeLessThanOrEqual(frame);
        // The sound's end: to the frame of sound on each side (an encoder ends on whole frames).
        expect(Math.abs(got.audio!.end - source.audio!.end / speed)).toBeLessThanOrEqual(Math.max(frame, got.audio!.frame + source.audio!.frame / speed));
        // The file as long as its longest stream (a TS's header gives its pictures' end, an MP4's its sound's).
        expect(Math.abs(got.end - source.end / speed)).toBeLessThanOrEqual(Math.max(frame, got.audio!.frame + source.audio!.frame / speed));
        expect(Math.abs(got.duration - got.end)).toBeLessThanOrEqual(frame);
      }
    }
  });

  it('drops the sound when asked', () => {
    const out = file('slow.mp4');
    run(file('in.ts'), speedReencodeArgs(0.5, true), out);
    expect(probe(out, 'stream=codec_type')).toBe('video');
    expect(Number(probe(out, 'format=duration'))).toBeCloseTo(12, 1);
  });
});
