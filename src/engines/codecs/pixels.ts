// Pure pixel work on RGBA buffers: turning upright, flattening transparency. No DOM.
import { parseHexColor } from '../../lib/hex-colour';
import type { Orientation } from './exif';

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Turns pixels stored with an EXIF orientation into the upright picture (orientations 5–8 swap width and height). */
export function applyOrientation(src: Pixels, orientation: Orientation): Pixels {
  if (orientation === 1) return src;
  const { width: w, height: h } = src;
  const swap = orientation >= 5;
  const ow = swap ? h : w;
  const oh = swap ? w : h;
  const input = new Uint32Array(src.data.buffer, src.data.byteOffset, w * h);
  const outData = new Uint8ClampedArray(ow * oh * 4);
  const output = new Uint32Array(outData.buffer);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let dx: number, dy: number;
      switch (orientation) {
        case 2: dx = w - 1 - x; dy = y; break;
        case 3: dx = w - 1 - x; dy = h - 1 - y; break;
        case 4: dx = x; dy = h - 1 - y; break;
        case 5: dx = y; dy = x; break;
        case 6: dx = h - 1 - y; dy = x; break;
        case 7: dx = h - 1 - y; dy = w - 1 - x; break;
        default: dx = y; dy = w - 1 - x; break; // 8
      }
      output[dy * ow + dx] = input[y * w + x];
    }
  }
  return { data: outData, width: ow, height: oh };
}

/** Composites the pixels over an opaque colour (for formats without alpha, e.g. JPEG). Works in place. */
export function flattenOnto(p: Pixels, color: string): Pixels {
  const [r, g, b] = parseHexColor(color) ?? [255, 255, 255];
  const d = p.data;
  for (let i = 0; i < d.length; i += 4) {
    const a = d[i + 3];
    if (a === 255) continue;
    const f = a / 255;
    d[i] = d[i] * f + r * (1 - f);
    d[i + 1] = d[i + 1] * f + g * (1 - f);
    d[i + 2] = d[i + 2] * f + b * (1 - f);
    d[i + 3] = 255;
  }
  return p;
}
