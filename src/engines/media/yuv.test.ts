import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { reinterpretMatrix, yuv420ToRgba, type Matrix } from './yuv';

const W = 320;
const H = 240;
const ff = (args: string[]) => new Uint8Array(execFileSync('ffmpeg', ['-v', 'error', ...args]));

/** PSNR in dB over the RGB channels. */
function psnr(rgba: Uint8ClampedArray, rgb: Uint8Array): number {
  let sum = 0;
  for (let i = 0, j = 0; j < rgb.length; i += 4, j += 3) for (let k = 0; k < 3; k++) sum += (rgba[i + k] - rgb[j + k]) ** 2;
  const mse = sum / rgb.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

// A real frame (ffmpeg's testsrc2: sharp colour edges, the hardest case for chroma) and ffmpeg's own RGB of it.
describe('yuv420ToRgba', () => {
  it.each<[string | null, Matrix]>([
    [null, 'bt601'],
    ['bt709', 'bt709'],
  ])('matches ffmpeg (swscale) for a frame tagged %s', (tag, matrix) => {
    const tagArgs = tag ? ['-colorspace', tag] : [];
    const yuv = ff(['-f', 'lavfi', '-i', `testsrc2=size=${W}x${H}:rate=1:duration=1`, '-frames:v', '1', '-pix_fmt', 'yuv420p', '-f', 'rawvideo', '-']);
    const rgb = new Uint8Array(execFileSync('ffmpeg', ['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${W}x${H}`, ...tagArgs, '-i', '-', '-pix_fmt', 'rgb24', '-f', 'rawvideo', '-'], { input: yuv }));
    const planes = { width: W, height: H, y: yuv.subarray(0, W * H), yStride: W, u: yuv.subarray(W * H, W * H * 1.25), v: yuv.subarray(W * H * 1.25), uvStride: W / 2 };
    const db = psnr(yuv420ToRgba(planes, matrix, false), rgb);
    expect(db).toBeGreaterThanOrEqual(40);
    // The other matrix is far off: the choice matters.
    expect(psnr(yuv420ToRgba(planes, matrix === 'bt601' ? 'bt709' : 'bt601', false), rgb)).toBeLessThan(35);
    // NV12 (hardware decoders) gives the same pixels.
    const uv = new Uint8Array(W * H / 2);
    for (let i = 0; i < (W * H) / 4; i++) {
      uv[2 * i] = planes.u[i];
      uv[2 * i + 1] = planes.v[i];
    }
    expect(yuv420ToRgba({ ...planes, u: uv, v: undefined, uvStride: W, interleaved: true }, matrix, false)).toEqual(yuv420ToRgba(planes, matrix, false));
  });
  // A photo: testsrc2's fully saturated bars clip at 0 and 255 in one matrix and cannot come back.
  it('turns RGB converted with BT.709 into the BT.601 conversion (frames a browser gives only as RGB)', () => {
    const yuv = ff(['-i', 'bench/image/photos/coffee.webp', '-vf', `scale=${W}:${H}`, '-frames:v', '1', '-pix_fmt', 'yuv420p', '-f', 'rawvideo', '-']);
    const rgbWith = (m: string) => new Uint8Array(execFileSync('ffmpeg', ['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${W}x${H}`, '-i', '-', '-vf', `scale=in_color_matrix=${m}`, '-pix_fmt', 'rgb24', '-f', 'rawvideo', '-'], { input: yuv }));
    const as709 = rgbWith('bt709');
    const want = rgbWith('bt601');
    const rgba = new Uint8ClampedArray(W * H * 4);
    for (let i = 0, j = 0; j < as709.length; i += 4, j += 3) rgba.set([as709[j], as709[j + 1], as709[j + 2], 255], i);
    expect(psnr(rgba, want)).toBeLessThan(35);
    reinterpretMatrix(rgba, 'bt709', 'bt601');
    expect(psnr(rgba, want)).toBeGreaterThanOrEqual(40);
    console.log('BT.709 RGB reinterpreted as BT.601:', psnr(rgba, want).toFixed(2), 'dB');
  });
});
