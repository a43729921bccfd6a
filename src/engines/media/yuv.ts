// 8-bit 4:2:0 pictures (I420, NV12) to RGBA as ffmpeg's swscale makes them: the matrix the stream is tagged with
// (BT.709), else BT.601, as ffmpeg assumes for an untagged stream. Browsers assume BT.709 for untagged video, so
// their canvas is ~25 dB PSNR off `ffmpeg -ss t -i X frame.png` on the same frame; this conversion is within 40.

import type { VideoSample } from 'mediabunny';

export interface YuvPlanes {
  width: number;
  height: number;
  y: Uint8Array;
  yStride: number;
  /** I420: u and v planes; NV12: one interleaved uv plane in `u` (with `interleaved`). */
  u: Uint8Array;
  v?: Uint8Array;
  uvStride: number;
  interleaved?: boolean;
}

/** A decoded picture's 8-bit 4:2:0 planes as decoded (I420, I420A or NV12); null for any other layout. */
export async function yuvPlanesOf(sample: VideoSample): Promise<YuvPlanes | null> {
  const { format } = sample;
  if (format !== 'I420' && format !== 'NV12' && format !== 'I420A') return null;
  const buffer = new Uint8Array(sample.allocationSize());
  const [y, u, v] = await sample.copyTo(buffer);
  const { width, height } = sample.visibleRect;
  return { width, height, y: buffer.subarray(y.offset), yStride: y.stride, u: buffer.subarray(u.offset), v: format === 'NV12' ? undefined : buffer.subarray(v.offset), uvStride: u.stride, interleaved: format === 'NV12' };
}

export type Matrix = 'bt601' | 'bt709';

const KR_KB: Record<Matrix, [number, number]> = { bt601: [0.299, 0.114], bt709: [0.2126, 0.0722] };

/** The picture as RGBA; chroma taken for each 2×2 block, as swscale's unscaled converter does. */
export function yuv420ToRgba(p: YuvPlanes, matrix: Matrix, fullRange: boolean): Uint8ClampedArray<ArrayBuffer> {
  const [kr, kb] = KR_KB[matrix];
  const kg = 1 - kr - kb;
  const ys = fullRange ? 1 : 255 / 219;
  const cs = fullRange ? 1 : 255 / 224;
  const yOff = fullRange ? 0 : 16;
  const rv = cs * 2 * (1 - kr);
  const bu = cs * 2 * (1 - kb);
  const gu = (cs * 2 * kb * (1 - kb)) / kg;
  const gv = (cs * 2 * kr * (1 - kr)) / kg;
  const out = new Uint8ClampedArray(p.width * p.height * 4);
  for (let row = 0; row < p.height; row++) {
    const yRow = row * p.yStride;
    const cRow = (row >> 1) * p.uvStride;
    for (let col = 0; col < p.width; col++) {
      const yy = ys * (p.y[yRow + col] - yOff);
      const c = col >> 1;
      const u = (p.interleaved ? p.u[cRow + 2 * c] : p.u[cRow + c]) - 128;
      const v = (p.interleaved ? p.u[cRow + 2 * c + 1] : p.v![cRow + c]) - 128;
      const o = (row * p.width + col) * 4;
      out[o] = yy + rv * v + 0.5;
      out[o + 1] = yy - gu * u - gv * v + 0.5;
      out[o + 2] = yy + bu * u + 0.5;
      out[o + 3] = 255;
    }
  }
  return out;
}

/** RGB from (scaled luma, Cb, Cr) for a matrix: the linear part of the conversion above. */
function toRgbMatrix(matrix: Matrix): number[][] {
  const [kr, kb] = KR_KB[matrix];
  const kg = 1 - kr - kb;
  const cs = 255 / 224;
  return [
    [1, 0, cs * 2 * (1 - kr)],
    [1, (-cs * 2 * kb * (1 - kb)) / kg, (-cs * 2 * kr * (1 - kr)) / kg],
    [1, cs * 2 * (1 - kb), 0],
  ];
}

function invert3(m: number[][]): number[][] {
  const [[a, b, c], [d, e, f], [g, h, i]] = m;
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  return [
    [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
    [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
    [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
}

/**
 * RGBA a browser converted with `from` (BT.709 for untagged video in Chromium and Firefox) as if converted with `to`:
 * back to YCbCr and forward again, one 3×3 matrix per pixel (the range offsets cancel). For frames the browser hands
 * over only as RGB.
 */
export function reinterpretMatrix(rgba: Uint8ClampedArray, from: Matrix, to: Matrix): void {
  const back = invert3(toRgbMatrix(from));
  const fwd = toRgbMatrix(to);
  const m = fwd.map((row) => [0, 1, 2].map((j) => row[0] * back[0][j] + row[1] * back[1][j] + row[2] * back[2][j]));
  for (let o = 0; o < rgba.length; o += 4) {
    const r = rgba[o];
    const g = rgba[o + 1];
    const b = rgba[o + 2];
    rgba[o] = m[0][0] * r + m[0][1] * g + m[0][2] * b + 0.5;
    rgba[o + 1] = m[1][0] * r + m[1][1] * g + m[1][2] * b + 0.5;
    rgba[o + 2] = m[2][0] * r + m[2][1] * g + m[2][2] * b + 0.5;
  }
}
