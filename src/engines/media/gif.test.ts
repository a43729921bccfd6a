import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { animationSize, gifLoops, gifPlan, MAX_GIF_FRAMES, type GifJob } from './gif';

const JOB: GifJob = { start: 0.5, end: 1.5, fps: 10, width: 160, loop: true, format: 'gif' };
const CLIP = path.resolve('src/engines/media/fixtures/clip.mp4');
const dir = mkdtempSync(path.join(tmpdir(), 'gif-test-'));

/** Runs the plan with native ffmpeg (the same filters ffmpeg.wasm runs) and returns the file's bytes. */
function make(job: GifJob): Uint8Array {
  const plan = gifPlan(job, 2);
  if ('error' in plan) throw new Error(plan.error);
  const out = path.join(dir, `out-${job.format}-${job.loop}.${plan.ext}`);
  execFileSync('ffmpeg', ['-v', 'error', ...plan.inputArgs, '-i', CLIP, ...plan.args, '-y', out]);
  return new Uint8Array(readFileSync(out));
}

describe('video to GIF', () => {
  it('refuses an empty range, a start past the end and too many frames', () => {
    expect(gifPlan({ ...JOB, end: 0.5 })).toEqual({ error: 'video-to-gif:errors.badRange' });
    expect(gifPlan({ ...JOB, start: 3, end: 4 }, 2)).toEqual({ error: 'video-to-gif:errors.pastEnd', params: { start: 3, duration: 2 } });
    expect(gifPlan({ ...JOB, start: 0, end: 3600, fps: 30 }, 7200)).toEqual({ error: 'video-to-gif:errors.tooLong', params: { frames: 108000, max: MAX_GIF_FRAMES } });
  });
  it('makes a looping GIF of the range at the frame rate and width (ffprobe counts)', () => {
    const gif = make(JOB);
    expect(animationSize(gif)).toEqual({ width: 160, height: 120 });
    expect(gifLoops(gif)).toBe(true);
    const at = path.join(dir, 'out-gif-true.gif');
    const frames = execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', at], { encoding: 'utf8' });
    expect(Number(frames.trim())).toBe(10);
    expect(gifLoops(make({ ...JOB, loop: false }))).toBe(false);
  });
  it('never scales up, and makes an animated WebP', () => {
    const webp = make({ ...JOB, width: 800, format: 'webp' });
    expect(animationSize(webp)).toEqual({ width: 320, height: 240 });
    expect(execFileSync('identify', ['-format', '%m %n\n', path.join(dir, 'out-webp-true.webp')], { encoding: 'utf8' }).trim().split('\n')[0]).toBe('WEBP 10');
    expect(animationSize(new Uint8Array([1, 2, 3]))).toBeUndefined();
  });
});
