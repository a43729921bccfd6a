// The points the two-metric scans cached (os.tmpdir()/localkit-bench-cache: each a browser's decoding as PNG beside
// a JSON of its scores, Debian butteraugli's max distance among them; run two-metrics.mjs or levels.mjs first),
// each with the photo's own PNG it was judged against: what the butteraugli stand-in's fits read.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode } from 'fast-png';

const here = path.dirname(fileURLToPath(import.meta.url));
export const cacheDir = path.join(tmpdir(), 'localkit-bench-cache');

/** A PNG file as RGBA pixels (ImageData's shape). */
export function rgba(file) {
  const png = decode(readFileSync(file));
  const n = png.width * png.height;
  const data = new Uint8ClampedArray(n * 4);
  const c = png.channels;
  for (let i = 0; i < n; i++) {
    data[i * 4] = png.data[i * c];
    data[i * 4 + 1] = png.data[i * c + (c >= 3 ? 1 : 0)];
    data[i * 4 + 2] = png.data[i * c + (c >= 3 ? 2 : 0)];
    data[i * 4 + 3] = c === 4 ? png.data[i * 4 + 3] : c === 2 ? png.data[i * 2 + 1] : 255;
  }
  return { data, width: png.width, height: png.height };
}

/** bench/image/photos whose own PNG is in the cache. */
export const refs = readdirSync(path.join(here, 'photos')).flatMap((photo) => {
  const key = createHash('sha1').update(readFileSync(path.join(here, 'photos', photo))).digest('hex');
  const file = path.join(cacheDir, `${key}.png`);
  return existsSync(file) ? [{ photo: photo.replace(/\.\w+$/, ''), pixels: rgba(file) }] : [];
});

/** The reference a decoding belongs to: same size, closest pixels. */
function refFor(p) {
  let best = null;
  for (const r of refs) {
    if (r.pixels.width !== p.width || r.pixels.height !== p.height) continue;
    let sad = 0;
    for (let i = 0; i < p.data.length; i += 397) sad += Math.abs(p.data[i] - r.pixels.data[i]);
    if (!best || sad < best.sad) best = { r, sad };
  }
  return best?.r ?? null;
}

/**
 * Up to `limit` cached points with butteraugli in LOW–HIGH (env; default 0.7–7, the range the levels care about),
 * a fixed spread over the cache (every k-th point) so reruns measure the same points; `keep` filters the JSON
 * files by name; `measure(ref, decoded, json)` makes each point (null skips it).
 */
export function cachedPoints(limit, measure, keep = () => true) {
  const LOW = Number(process.env.LOW ?? 0.7), HIGH = Number(process.env.HIGH ?? 7);
  const files = readdirSync(cacheDir).filter((f) => f.endsWith('.json') && keep(f) && ((d) => d >= LOW && d <= HIGH)(JSON.parse(readFileSync(path.join(cacheDir, f), 'utf8')).distance));
  const step = Math.max(1, Math.floor(files.length / limit));
  const points = [];
  for (let i = 0; i < files.length && points.length < limit; i += step) {
    const json = JSON.parse(readFileSync(path.join(cacheDir, files[i]), 'utf8'));
    const png = path.join(cacheDir, files[i].replace('.json', '.png'));
    if (!existsSync(png) || !(json.distance > 0)) continue;
    const p = rgba(png);
    const ref = refFor(p);
    const point = ref && measure(ref, p, json);
    if (point) points.push(point);
  }
  return { points, cached: files.length };
}
