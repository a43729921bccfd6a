import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { x264TargetArgs, x264TwoPassArgs } from './ffmpeg-args';

// The app's x264 arguments for a size asked for, run by native ffmpeg (the same libx264 as ffmpeg.wasm's) on a screen
// recording: text scrolling on white, where x264's fast first pass once made two passes look far worse than one
// (bench/media/README.md). Judged by ffmpeg's ssim and psnr filters against the source.
const ff = (args: string[], cwd: string) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { cwd, encoding: 'utf8' });

describe('two-pass x264 on a screen recording (real bytes)', () => {
  let dir: string;
  let source: string;
  const base = { videoBitrate: 55_000, audioBitrate: 0, width: 640, height: 360, maxFps: 0 };
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'x264-two-pass-'));
    const text = path.join(dir, 'text.txt');
    writeFileSync(text, Array.from({ length: 60 }, (_, i) => `${i}  export const value${i} = [${i}, ${i * 7}].map((n) => n * 2);`).join('\n'));
    source = path.join(dir, 'screen.mp4');
    // 4 s of 640×360 scrolling 60 px a second, 1.5 Mbit/s as a recorder writes it (~430 KB); 55 kbit/s is ~10 % of it.
    const scroll = `[0:v]drawtext=textfile=${text}:fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf:fontsize=14:fontcolor=0x202020:x=10:y=10:line_spacing=10,crop=640:360:0:'t*60'`;
    ff(['-f', 'lavfi', '-i', 'color=c=white:s=640x1800:r=30:d=4', '-filter_complex', scroll, '-c:v', 'libx264', '-b:v', '1.5M', '-maxrate', '1.5M', '-bufsize', '1.5M', '-g', '30', '-pix_fmt', 'yuv420p', source], dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const score = (file: string) => {
    const log = execFileSync('sh', ['-c', `ffmpeg -nostats -i "${file}" -i "${source}" -lavfi "[0:v][1:v]ssim;[0:v][1:v]psnr" -f null - 2>&1`], { encoding: 'utf8' });
    return { bytes: statSync(file).size, ssim: Number(/All:([0-9.]+)/.exec(log)![1]), psnr: Number(/average:([0-9.]+)/.exec(log)![1]) };
  };
  const twoPasses = (first: string[], second: string[], out: string) => {
    ff(['-i', source, ...first, '-f', 'null', '-'], dir);
    ff(['-i', source, ...second, out], dir);
    return score(out);
  };

  it('runs the first pass at the second pass\'s settings, and two passes then look better than one at about its bytes', () => {
    ff(['-i', source, ...x264TargetArgs(base), path.join(dir, 'one.mp4')], dir);
    const one = score(path.join(dir, 'one.mp4'));
    const log = path.join(dir, 'app');
    const [first, second] = x264TwoPassArgs(base, log);
    const two = twoPasses(first, second, path.join(dir, 'two.mp4'));
    // x264's stats header: the 'faster' preset's analysis, not the fast first pass's (ref=1 subme=2 8x8dct=0 trellis=0).
    const header = readFileSync(`${log}-0.log`, 'utf8').split('\n')[0];
    expect(header).toMatch(/ ref=2 .* subme=4 .* trellis=1 8x8dct=1 /);
    // The cause, shown on the same bytes: x264's fast first pass (the same passes without `-fastfirstpass 0`).
    const fastFirst = first.filter((a, i) => a !== '-fastfirstpass' && first[i - 1] !== '-fastfirstpass');
    expect(fastFirst.length).toBe(first.length - 2);
    const fast = twoPasses(fastFirst.map((a) => (a === log ? `${log}-fast` : a)), second.map((a) => (a === log ? `${log}-fast` : a)), path.join(dir, 'fast.mp4'));
    console.log(`screen 640×360 4 s at 55 kbit/s: one pass ${JSON.stringify(one)}, two ${JSON.stringify(two)}, two with a fast first pass ${JSON.stringify(fast)}`);
    expect(fast.ssim).toBeLessThan(one.ssim);
    expect(two.ssim).toBeGreaterThan(one.ssim + 0.03);
    expect(two.psnr).toBeGreaterThan(one.psnr + 1);
    expect(two.bytes).toBeLessThan(one.bytes * 1.1);
  }, 60_000);
});
