// Pixels turned by any angle: bilinear resampling onto the smallest canvas that holds the whole turned picture,
// the corners left transparent (a JPEG output flattens them onto its background colour).
import type { Pixels } from './pixels';

export function rotatePixels(src: Pixels, degrees: number): Pixels {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const { width: w, height: h, data } = src;
  const ow = Math.max(1, Math.round(Math.abs(w * cos) + Math.abs(h * sin)));
  const oh = Math.max(1, Math.round(Math.abs(w * sin) + Math.abs(h * cos)));
  const out = new Uint8ClampedArray(ow * oh * 4);
  const cx = w / 2;
  const cy = h / 2;
  const ocx = ow / 2;
  const ocy = oh / 2;
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      // Inverse map the output pixel's centre into the source.
      const dx = x + 0.5 - ocx;
      const dy = y + 0.5 - ocy;
      const sx = dx * cos + dy * sin + cx - 0.5;
      const sy = -dx * sin + dy * cos + cy - 0.5;
      if (sx < -1 || sy < -1 || sx > w || sy > h) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      let r = 0, g = 0, b = 0, al = 0;
      for (let j = 0; j < 2; j++) {
        const yy = y0 + j;
        if (yy < 0 || yy >= h) continue;
        const wy = j ? fy : 1 - fy;
        for (let i = 0; i < 2; i++) {
          const xx = x0 + i;
          if (xx < 0 || xx >= w) continue;
          const wgt = wy * (i ? fx : 1 - fx);
          const p = (yy * w + xx) * 4;
          const pa = data[p + 3] * wgt;
          r += data[p] * pa;
          g += data[p + 1] * pa;
          b += data[p + 2] * pa;
          al += pa;
        }
      }
      if (al <= 0) continue;
      const o = (y * ow + x) * 4;
      out[o] = r / al;
      out[o + 1] = g / al;
      out[o + 2] = b / al;
      out[o + 3] = al;
    }
  }
  return { data: out, width: ow, height: oh };
}

/** Cuts a box out of the pixels (clamped to the picture). */
export function cropPixels(src: Pixels, box: { x: number; y: number; width: number; height: number }): Pixels {
  const x = Math.max(0, Math.min(src.width - 1, Math.round(box.x)));
  const y = Math.max(0, Math.min(src.height - 1, Math.round(box.y)));
  const width = Math.max(1, Math.min(src.width - x, Math.round(box.width)));
  const height = Math.max(1, Math.min(src.height - y, Math.round(box.height)));
  const out = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row++) out.set(src.data.subarray(((y + row) * src.width + x) * 4, ((y + row) * src.width + x + width) * 4), row * width * 4);
  return { data: out, width, height };
}
