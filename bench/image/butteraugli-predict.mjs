#!/usr/bin/env node
// Fits butteraugliPredict (src/engines/codecs/butteraugli-proxy.ts) by hand: on the points the two-metric scans
// cached (os.tmpdir()/localkit-bench-cache: a browser's decoding as PNG, its SSIMULACRA 2 and Debian butteraugli's
// max distance; run two-metrics.mjs first), ln butteraugli = a + b · ln estimate + c · ln(100 − SSIMULACRA 2) by
// least squares, and prints the spread of butteraugli ÷ prediction (5 %, median, 95 %, worst) beside the
// estimate's own (its power-law map refitted on the same points).
//   node bench/image/butteraugli-predict.mjs [max points, default 300]
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decode } from 'fast-png';
import { rolldown } from 'rolldown';
import { assemblyScriptKernels } from '../../src/engines/codecs/vite-plugin-kernels.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const cacheDir = path.join(tmpdir(), 'localkit-bench-cache');
const outDir = path.join(root, 'node_modules/.cache/localkit-bench-proxy');
const ENTRY = '\0bench-proxy-entry';
const entrySource = `export * from '${root}/src/engines/codecs/butteraugli-proxy.ts';`;

const bundle = await rolldown({
  input: ENTRY,
  platform: 'node',
  logLevel: 'silent',
  external: (id) => id.startsWith('node:') || (id.includes('?') && !id.endsWith('.as?wasm')),
  plugins: [assemblyScriptKernels(), { name: 'entry', resolveId: (id) => (id === ENTRY ? id : null), load: (id) => (id === ENTRY ? entrySource : null) }],
});
await bundle.write({ dir: outDir, format: 'esm', entryFileNames: 'entry.mjs' });
await bundle.close();
const m = await import(pathToFileURL(path.join(outDir, 'entry.mjs')).href);

function rgba(file) {
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

const refs = readdirSync(path.join(here, 'photos')).flatMap((photo) => {
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

const limit = Number(process.argv[2] ?? 300);
// Only the range the levels care about (butteraugli 0.7–7).
const LOW = Number(process.env.LOW ?? 0.7), HIGH = Number(process.env.HIGH ?? 7);
const files = readdirSync(cacheDir).filter((f) => f.endsWith('.json') && !f.startsWith('levels-') && ((d) => d >= LOW && d <= HIGH)(JSON.parse(readFileSync(path.join(cacheDir, f), 'utf8')).distance));
// A fixed spread over the cache (every k-th point), so reruns measure the same points.
const step = Math.max(1, Math.floor(files.length / limit));
const points = [];
for (let i = 0; i < files.length && points.length < limit; i += step) {
  const { distance } = JSON.parse(readFileSync(path.join(cacheDir, files[i]), 'utf8'));
  const png = path.join(cacheDir, files[i].replace('.json', '.png'));
  if (!existsSync(png) || !(distance > 0)) continue;
  const p = rgba(png);
  const ref = refFor(p);
  if (!ref) continue;
  const { score } = JSON.parse(readFileSync(path.join(cacheDir, files[i]), 'utf8'));
  if (typeof score !== 'number') continue;
  points.push({ photo: ref.photo, distance, score, estimate: m.butteraugliEstimate(ref.pixels, p) });
}

/** Least squares of y on the columns of xs (with an intercept), by the normal equations. */
function lsq(xs, y) {
  const rows = y.map((_, i) => [1, ...xs.map((x) => x[i])]);
  const k = rows[0].length;
  const a = Array.from({ length: k }, (_, r) => Array.from({ length: k + 1 }, (_, c) => rows.reduce((s, row, i) => s + row[r] * (c === k ? y[i] : row[c]), 0)));
  for (let c = 0; c < k; c++) {
    for (let r = c + 1; r < k; r++) {
      const f = a[r][c] / a[c][c];
      for (let j = c; j <= k; j++) a[r][j] -= f * a[c][j];
    }
  }
  const w = new Array(k).fill(0);
  for (let r = k - 1; r >= 0; r--) w[r] = (a[r][k] - a[r].slice(r + 1, k).reduce((s, v, j) => s + v * w[r + 1 + j], 0)) / a[r][r];
  const ratios = rows.map((row, i) => Math.exp(y[i] - row.reduce((s, v, j) => s + v * w[j], 0))).sort((p, q) => p - q);
  const at = (f) => ratios[Math.min(ratios.length - 1, Math.floor(f * ratios.length))].toFixed(2);
  return { w, spread: `5 % ${at(0.05)}, median ${at(0.5)}, 95 % ${at(0.95)}, worst ${ratios[ratios.length - 1].toFixed(2)}` };
}
const y = points.map((p) => Math.log(p.distance));
const lnE = points.map((p) => Math.log(p.estimate));
const lnS = points.map((p) => Math.log(Math.max(1, 100 - p.score)));
console.log(`${points.length} points`);
const alone = lsq([lnE], y);
console.log(`estimate alone: butteraugli ÷ fit ${alone.spread}`);
const both = lsq([lnE, lnS], y);
console.log(`estimate and SSIMULACRA 2: a ${both.w[0].toFixed(4)}, b ${both.w[1].toFixed(4)}, c ${both.w[2].toFixed(4)}; butteraugli ÷ prediction ${both.spread}`);
const app = points.map((p) => p.distance / m.butteraugliPredict(p.estimate, p.score)).sort((p, q) => p - q);
console.log(`the app's weights: butteraugli ÷ prediction median ${app[app.length >> 1].toFixed(2)}, worst ${app[app.length - 1].toFixed(2)}`);
