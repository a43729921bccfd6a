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

/** Where R, G and B sit in a pixel of the RGB layouts a browser may decode to. */
const RGB_ORDER: Partial<Record<string, [number, number, number]>> = { RGBA: [0, 1, 2], RGBX: [0, 1, 2], BGRA: [2, 1, 0], BGRX: [2, 1, 0] };

/**
 * A decoded picture's 8-bit 4:2:0 planes as decoded (I420, I420A or NV12); a picture the browser hands over only as
 * RGB (Firefox decodes to BGRX) turned back into BT.709 4:2:0, the matrix it converted an untagged stream with.
 * Null for any other layout.
 */
export async function yuvPlanesOf(sample: VideoSample): Promise<YuvPlanes | null> {
  const { format } = sample;
  const rgb = format ? RGB_ORDER[format] : undefined;
  if (rgb) {
    const buffer = new Uint8Array(sample.allocationSize());
    const [plane] = await sample.copyTo(buffer);
    const { width, height } = sample.visibleRect;
    return rgbToYuv420(buffer.subarray(plane.offset), plane.stride, width, height, rgb, 'bt709');
  }
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

/**
 * 4-byte RGB pixels (channel offsets `order`) to limited-range 4:2:0 in `matrix`: the inverse of the conversion a
 * browser made, so pictures it gives only as RGB can be scored as ffmpeg scores the video's own planes. Chroma is the
 * mean of each 2×2 block (the conversion is linear, so the mean of the pixels' chroma).
 */
export function rgbToYuv420(data: Uint8Array, stride: number, width: number, height: number, order: readonly [number, number, number], matrix: Matrix): YuvPlanes {
  const [kr, kb] = KR_KB[matrix];
  const kg = 1 - kr - kb;
  const [ro, go, bo] = order;
  const cw = (width + 1) >> 1;
  const ch = (height + 1) >> 1;
  const y = new Uint8Array(width * height);
  const u = new Uint8Array(cw * ch);
  const v = new Uint8Array(cw * ch);
  const ys = 219 / 255;
  const us = 224 / 255 / (2 * (1 - kb));
  const vs = 224 / 255 / (2 * (1 - kr));
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      let cb = 0;
      let cr = 0;
      let n = 0;
      for (let dy = 0; dy < 2; dy++) {
        const row = 2 * cy + dy;
        if (row >= height) break;
        for (let dx = 0; dx < 2; dx++) {
          const col = 2 * cx + dx;
          if (col >= width) break;
          const o = row * stride + col * 4;
          const r = data[o + ro];
          const g = data[o + go];
          const b = data[o + bo];
          const luma = kr * r + kg * g + kb * b;
          y[row * width + col] = Math.round(16 + ys * luma);
          cb += b - luma;
          cr += r - luma;
          n++;
        }
      }
      u[cy * cw + cx] = Math.round(128 + (us * cb) / n);
      v[cy * cw + cx] = Math.round(128 + (vs * cr) / n);
    }
  }
  return { width, height, y, yStride: width, u, v, uvStride: cw };
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
