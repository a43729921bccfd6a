#!/usr/bin/env node
// Fits butteraugliPredict (src/engines/codecs/butteraugli-proxy.ts) by hand: on the points the two-metric scans
// cached (os.tmpdir()/localkit-bench-cache: a browser's decoding as PNG, its SSIMULACRA 2 and Debian butteraugli's
// max distance; run two-metrics.mjs first), ln butteraugli = a + b · ln estimate + c · ln(100 − SSIMULACRA 2) by
// least squares, and prints the spread of butteraugli ÷ prediction (5 %, median, 95 %, worst) beside the
// estimate's own (its power-law map refitted on the same points).
//   node bench/image/butteraugli-predict.mjs [max points, default 300]
import { bundleForNode, root } from './bundle-for-node.mjs';
import { cachedPoints } from './cached-points.mjs';

const m = await bundleForNode(`export * from '${root}/src/engines/codecs/butteraugli-proxy.ts';`, 'localkit-bench-proxy');

const limit = Number(process.argv[2] ?? 300);
const { points } = cachedPoints(
  limit,
  (ref, p, { distance, score }) => (typeof score === 'number' ? { photo: ref.photo, distance, score, estimate: m.butteraugliEstimate(ref.pixels, p) } : null),
  (f) => !f.startsWith('levels-'),
);

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
