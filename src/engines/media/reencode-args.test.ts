import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptRanges } from '../../lib/time-ranges';
import { keptExpression, speedReencodeArgs, trimReencodeArgs } from './reencode-args';

// The arguments run by the system's ffmpeg on a real MPEG-TS, judged by ffprobe.
const probe = (file: string, entries: string) => execFileSync('ffprobe', ['-v', 'error', '-show_entries', entries, '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim();
const run = (input: string, args: string[], output: string) => execFileSync('ffmpeg', ['-v', 'error', '-i', input, ...args.map((a) => a.replace(/'/g, "'")), '-y', output]);

describe('re-encode fallback arguments', () => {
  let dir: string;
  let ts: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'reencode-'));
    ts = path.join(dir, 'in.ts');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25:duration=6', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-c:v', 'mpeg2video', '-c:a', 'mp2', '-shortest', '-y', ts]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes an expression of the kept ranges, open at the end where the last one is', () => {
    expect(keptExpression([{ start: 0, end: 1.5 }, { start: 3, end: Infinity }])).toBe('gte(t\\,0)*lt(t\\,1.5)+gte(t\\,3)');
  });

  it('cuts 2-3 s out of an MPEG-TS: 5 s of H.264 and AAC', () => {
    const out = path.join(dir, 'trim.mp4');
    run(ts, trimReencodeArgs(keptRanges([{ start: 2, end: 3 }], 'remove', Infinity), false), out);
    expect(probe(out, 'stream=codec_name')).toBe('h264\naac');
    expect(Number(probe(out, 'stream=nb_frames').split('\n')[0])).toBe(125);
    expect(Number(probe(out, 'format=duration'))).toBeCloseTo(5, 1);
  });

  it('plays an MPEG-TS twice as fast, sound kept at its pitch, or without sound', () => {
    const out = path.join(dir, 'fast.mp4');
    run(ts, speedReencodeArgs(2, false), out);
    expect(Number(probe(out, 'format=duration'))).toBeCloseTo(3, 1);
    expect(probe(out, 'stream=codec_type')).toBe('video\naudio');
    run(ts, speedReencodeArgs(0.5, true), out);
    expect(probe(out, 'stream=codec_type')).toBe('video');
    expect(Number(probe(out, 'format=duration'))).toBeCloseTo(12, 1);
  });
});
