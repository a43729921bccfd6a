#!/usr/bin/env node
// Fits and checks the app's butteraugli stand-in (src/engines/codecs/butteraugli-proxy.ts) against Debian's
// butteraugli (by hand): every point the two-metric scans cached (os.tmpdir()/localkit-bench-cache: each a
// browser's decoding as PNG and butteraugli's max distance to the photo's own PNG; run two-metrics.mjs or
// levels.mjs first) is measured with the proxy's planes, and for each weight set on the grid the worst place is
// mapped to butteraugli's scale by a least-squares line in log–log. Prints the best weights, the fit's spread
// (the ratio butteraugli ÷ estimate: 5th–95th percentile and worst) overall and per photo.
//   node bench/image/butteraugli-proxy.mjs [max points, default 500]
import { bundleForNode, root } from './bundle-for-node.mjs';
import { cachedPoints, refs } from './cached-points.mjs';

const m = await bundleForNode(`export * from '${root}/src/engines/codecs/butteraugli-proxy.ts';`, 'localkit-bench-proxy');

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
const { points, cached } = cachedPoints(limit, (ref, p, { distance }) => ({ photo: ref.photo, distance, worst: worstOnGrid(m.proxyPlanes(ref.pixels, p)) }));
console.log(`${points.length} points from ${cached} cached, ${refs.length} photos`);

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
