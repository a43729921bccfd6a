// Resampling for every tool that scales pixels: jSquash's Lanczos3 (Rust, wasm).
import { resizer } from './loaders';
import { restoreFlatAreas } from './flat-areas';
import type { Pixels } from './pixels';

const LANCZOS3 = 3;

/** Lanczos3 in linear light with premultiplied alpha: no dark fringes, no bilinear blur; flat colours stay exact. */
export async function resizePixels(p: Pixels, width: number, height: number): Promise<Pixels> {
  if (width === p.width && height === p.height) return p;
  const { resize } = await resizer();
  const data = resize(new Uint8Array(p.data.buffer, p.data.byteOffset, p.data.byteLength), p.width, p.height, width, height, LANCZOS3, true, true);
  const out = { data, width, height };
  restoreFlatAreas(p, out);
  return out;
}
