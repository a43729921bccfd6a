#!/usr/bin/env node
// Fits and checks the app's butteraugli stand-in (src/engines/codecs/butteraugli-proxy.ts) against Debian's
// butteraugli (by hand): every point the two-metric scans cached (os.tmpdir()/localkit-bench-cache: each a
// browser's decoding as PNG and butteraugli's max distance to the photo's own PNG; run two-metrics.mjs or
// levels.mjs first) is measured with the proxy's planes, and for each weight set on the grid the worst place is
// mapped to butteraugli's scale by a least-squares line in log–log. Prints the best weights, the fit's spread
// (the ratio butteraugli ÷ estimate: 5th–95th percentile and worst) overall and per photo.
//   node bench/image/butteraugli-proxy.mjs [max points, default 500]
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

const GRID = [];
const MASKS = [];
// The grid around the best of a wider first scan (mask0 0.005–0.08, gamma 0.5–1.25, x 0–2, b 0–0.2).
for (const mask0 of [0.001, 0.0025, 0.005]) for (const gamma of [0.25, 0.5]) MASKS.push({ mask0, gamma });
for (const x of [0, 0.1]) for (const b of [0.1, 0.2, 0.4]) for (const mk of MASKS) GRID.push({ x, b, ...mk });

/** proxyWorst for every weight set on the grid (the masking weights computed once per mask setting). */
function worstOnGrid(pl) {
  const n = pl.ex.length;
  const out = new Map();
  const w = new Float32Array(n);
  for (const mk of MASKS) {
    for (let i = 0; i < n; i++) w[i] = (mk.mask0 + pl.activity[i]) ** (-2 * mk.gamma);
    for (const g of GRID) {
      if (g.mask0 !== mk.mask0 || g.gamma !== mk.gamma) continue;
      let worst = 0;
      for (let i = 0; i < n; i++) {
        const d = (g.x * pl.ex[i] + pl.ey[i] + g.b * pl.eb[i]) * w[i];
        if (d > worst) worst = d;
      }
      out.set(g, Math.sqrt(worst));
    }
  }
  return GRID.map((g) => out.get(g));
}

const limit = Number(process.argv[2] ?? 500);
// Only the range the levels care about (butteraugli 0.7–7).
const LOW = Number(process.env.LOW ?? 0.7), HIGH = Number(process.env.HIGH ?? 7);
const files = readdirSync(cacheDir).filter((f) => f.endsWith('.json') && ((d) => d >= LOW && d <= HIGH)(JSON.parse(readFileSync(path.join(cacheDir, f), 'utf8')).distance));
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
  const planes = m.proxyPlanes(ref.pixels, p);
  points.push({ photo: ref.photo, distance, worst: worstOnGrid(planes) });
}
console.log(`${points.length} points from ${files.length} cached, ${refs.length} photos`);

function fit(xs, ys) {
  const lx = xs.map(Math.log), ly = ys.map(Math.log);
  const n = xs.length, mx = lx.reduce((a, b) => a + b) / n, my = ly.reduce((a, b) => a + b) / n;
  let sxy = 0, sxx = 0;
  for (let i = 0; i < n; i++) { sxy += (lx[i] - mx) * (ly[i] - my); sxx += (lx[i] - mx) ** 2; }
  const power = sxy / sxx, intercept = my - power * mx;
  const resid = ly.map((v, i) => v - intercept - power * lx[i]);
  const sd = Math.sqrt(resid.reduce((a, r) => a + r * r, 0) / n);
  return { scale: Math.exp(intercept), power, sd, resid };
}

const pct = (a, q) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(q * a.length))];
const results = GRID.map((g, k) => ({ g, ...fit(points.map((p) => p.worst[k]), points.map((p) => p.distance)) })).sort((a, b) => a.sd - b.sd);
for (const r of results.slice(0, 5)) console.log(`x ${r.g.x} b ${r.g.b} mask0 ${r.g.mask0} gamma ${r.g.gamma}: butteraugli ≈ ${r.scale.toFixed(4)}·worst^${r.power.toFixed(4)}, log sd ${r.sd.toFixed(3)}`);
const best = results[0];
const k = GRID.indexOf(best.g);
const ratio = (p) => p.distance / (best.scale * p.worst[k] ** best.power);
const all = points.map(ratio);
console.log(`butteraugli ÷ estimate: 5 % ${pct(all, 0.05).toFixed(2)}, median ${pct(all, 0.5).toFixed(2)}, 95 % ${pct(all, 0.95).toFixed(2)}, max ${Math.max(...all).toFixed(2)}`);
for (const photo of [...new Set(points.map((p) => p.photo))].sort()) {
  const r = points.filter((p) => p.photo === photo).map(ratio);
  console.log(`  ${photo.padEnd(16)} ${String(r.length).padStart(4)} points: ${pct(r, 0.05).toFixed(2)} / ${pct(r, 0.5).toFixed(2)} / ${Math.max(...r).toFixed(2)}`);
}
const cur = m.PROXY_WEIGHTS;
const ki = GRID.findIndex((g) => g.x === cur.x && g.b === cur.b && g.mask0 === cur.mask0 && g.gamma === cur.gamma);
if (ki >= 0) {
  const r = points.map((p) => p.distance / (cur.scale * p.worst[ki] ** cur.power));
  console.log(`the app's PROXY_WEIGHTS: butteraugli ÷ estimate 5 % ${pct(r, 0.05).toFixed(2)}, median ${pct(r, 0.5).toFixed(2)}, 95 % ${pct(r, 0.95).toFixed(2)}, max ${Math.max(...r).toFixed(2)}`);
}
