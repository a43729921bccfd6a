import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameSsim } from './ssim';
import { rgbToYuv420, yuv420ToRgba } from './yuv';

// The browser-side SSIM (scored on frames WebCodecs decodes, for AV1 that ffmpeg.wasm cannot read) against ffmpeg's
// own ssim filter on the same pictures: a photo panned with noise (odd chroma size: 318×178), encoded hard by x264.
const ff = (args: string[], cwd: string) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { cwd, encoding: 'utf8' });

describe('ffmpeg-compatible SSIM (real frames)', () => {
  let dir: string;
  const [w, h] = [636, 356];
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ssim-'));
    const photo = path.resolve('src/engines/codecs/fixtures/coffee.png');
    ff(['-loop', '1', '-i', photo, '-vf', `scale=1280:-2,zoompan=z='1.1+0.004*on':x='(iw-iw/zoom)*on/20':d=10:s=${w}x${h}:fps=30,noise=alls=6:allf=t`, '-frames:v', '6', '-pix_fmt', 'yuv420p', '-f', 'rawvideo', 'ref.yuv'], dir);
    ff(['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${w}x${h}`, '-r', '30', '-i', 'ref.yuv', '-c:v', 'libx264', '-crf', '34', '-preset', 'veryfast', 'enc.mkv'], dir);
    ff(['-i', 'enc.mkv', '-pix_fmt', 'yuv420p', '-f', 'rawvideo', 'dis.yuv'], dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('scores each frame and the mean "All" as ffmpeg does, to 1e-4', () => {
    const log = execFileSync('sh', ['-c', `ffmpeg -nostats -f rawvideo -pix_fmt yuv420p -s ${w}x${h} -i dis.yuv -f rawvideo -pix_fmt yuv420p -s ${w}x${h} -i ref.yuv -lavfi "[0:v][1:v]ssim=stats_file=ssim.log" -f null - 2>&1`], { cwd: dir, encoding: 'utf8' });
    const all = Number(/All:([0-9.]+)/.exec(log)![1]);
    const perFrame = readFileSync(path.join(dir, 'ssim.log'), 'utf8').trim().split('\n').map((l) => Number(/All:([0-9.]+)/.exec(l)![1]));
    const ref = readFileSync(path.join(dir, 'ref.yuv'));
    const dis = readFileSync(path.join(dir, 'dis.yuv'));
    const cw = w / 2;
    const ch = h / 2;
    const size = w * h + 2 * cw * ch;
    const planes = (buf: Buffer, i: number) => {
      const f = new Uint8Array(buf.buffer, buf.byteOffset + i * size, size);
      return { width: w, height: h, y: f.subarray(0, w * h), yStride: w, u: f.subarray(w * h, w * h + cw * ch), v: f.subarray(w * h + cw * ch), uvStride: cw };
    };
    const ours = perFrame.map((_, i) => frameSsim(planes(dis, i), planes(ref, i)));
    console.log(`ffmpeg All ${all}, per frame ${perFrame.join(' ')}; ours ${ours.map((s) => s.toFixed(6)).join(' ')}`);
    expect(perFrame).toHaveLength(6);
    expect(all).toBeLessThan(0.97);
    ours.forEach((s, i) => expect(Math.abs(s - perFrame[i])).toBeLessThan(1e-4));
    expect(Math.abs(ours.reduce((a, b) => a + b, 0) / ours.length - all)).toBeLessThan(1e-4);
    // The same picture scores 1.
    expect(frameSsim(planes(ref, 0), planes(ref, 0))).toBe(1);
  });

  // Firefox decodes to BGRX it converted itself (BT.709 for an untagged stream, each chroma sample repeated over its
  // 2×2 block, as libyuv does): both pictures turned back into 4:2:0 score close to ffmpeg's SSIM on the planes (in
  // Firefox, a 480×270 pan's row said 0.967 where ffmpeg said 0.966 on the file).
  it('scores pictures a browser gave only as RGB close to ffmpeg on the planes', () => {
    execFileSync('sh', ['-c', `ffmpeg -nostats -f rawvideo -pix_fmt yuv420p -s ${w}x${h} -i dis.yuv -f rawvideo -pix_fmt yuv420p -s ${w}x${h} -i ref.yuv -lavfi "[0:v][1:v]ssim=stats_file=ssim.log" -f null - 2>&1`], { cwd: dir });
    const perFrame = readFileSync(path.join(dir, 'ssim.log'), 'utf8').trim().split('\n').map((l) => Number(/All:([0-9.]+)/.exec(l)![1]));
    const cw = w / 2;
    const size = w * h * 1.5;
    const rgbRoute = (name: string, i: number) => {
      const buf = readFileSync(path.join(dir, `${name}.yuv`));
      const f = new Uint8Array(buf.buffer, buf.byteOffset + i * size, size);
      const rgba = yuv420ToRgba({ width: w, height: h, y: f.subarray(0, w * h), yStride: w, u: f.subarray(w * h, w * h * 1.25), v: f.subarray(w * h * 1.25), uvStride: cw }, 'bt709', false);
      return { planes: rgbToYuv420(new Uint8Array(rgba.buffer), w * 4, w, h, [0, 1, 2], 'bt709'), y: f.subarray(0, w * h) };
    };
    const ours = perFrame.map((_, i) => frameSsim(rgbRoute('dis', i).planes, rgbRoute('ref', i).planes));
    console.log(`RGB route: ffmpeg per frame ${perFrame.join(' ')}; ours ${ours.map((s) => s.toFixed(6)).join(' ')}`);
    // x264 at CRF 34 on a noisy picture (SSIM ~0.82): clipping to RGB costs at most a few thousandths.
    ours.forEach((s, i) => expect(Math.abs(s - perFrame[i])).toBeLessThan(0.004));
    // The luma comes back as it was, give or take rounding.
    const { planes, y } = rgbRoute('ref', 0);
    let diff = 0;
    for (let i = 0; i < w * h; i++) diff += Math.abs(planes.y[i] - y[i]);
    expect(diff / (w * h)).toBeLessThan(0.6);
  });
});
