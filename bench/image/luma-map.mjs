#!/usr/bin/env node
// Where a MozJPEG rule's luma mapping should put each quality asked (by hand):
// `node bench/image/luma-map.mjs '<spec>' [photo,...]` with a page.ts rule spec whose `luma` points are ignored.
// The rule is scanned at the luma qualities LUMA_Q (env, default 15–64) as if asked for them directly, and for each
// canvas JPEG quality 20–60 it prints, per photo, the luma quality that reaches canvas's butteraugli at that quality
// (linear between the scanned qualities; '>' when none does) and that file's bytes ÷ canvas's; the last row is the
// highest luma quality over the photos: a mapping at or above it keeps butteraugli at each asked quality at or
// under canvas's at the same number on every photo. Only for rules whose other settings do not change below 65.
import { openBench, photos as allPhotos } from './harness.mjs';
import { scanBoth } from './metrics.mjs';

const [specJson, only] = process.argv.slice(2);
const spec = JSON.parse(specJson);
delete spec.rule.luma;
const photos = only ? allPhotos.filter((p) => only.split(',').includes(p.split('.')[0])) : allPhotos;
const BASE_Q = [20, 30, 40, 50, 60];
const LUMA_Q = (process.env.LUMA_Q ?? '15,23,31,38,44,51,58,63,64').split(',').map(Number);

const { close, call } = await openBench(Number(process.env.PORT ?? 5197));
const need = BASE_Q.map(() => -Infinity);
console.log(`photo            ${BASE_Q.map((q) => `canvas ${q}: luma (bytes ×)`.padEnd(26)).join('')}`);
for (const photo of photos) {
  const base = await scanBoth(call, photo, { encoder: 'canvasJpeg' }, BASE_Q);
  const cand = (await scanBoth(call, photo, spec, LUMA_Q)).sort((a, b) => a.q - b.q);
  const cells = base.map((b, i) => {
    const k = cand.findIndex((c) => c.distance <= b.distance);
    if (k < 0) return (need[i] = Infinity), '>'.padEnd(26);
    let q = cand[k].q, bytes = cand[k].bytes;
    if (k > 0) {
      const [p, n] = [cand[k - 1], cand[k]];
      const t = (b.distance - p.distance) / (n.distance - p.distance);
      q = p.q + t * (n.q - p.q);
      bytes = Math.exp(Math.log(p.bytes) + t * (Math.log(n.bytes) - Math.log(p.bytes)));
    }
    need[i] = Math.max(need[i], q);
    return `${q.toFixed(1)} (${(bytes / b.bytes).toFixed(2)})`.padEnd(26);
  });
  console.log(`${photo.padEnd(17)}${cells.join('')}`);
}
console.log(`${'highest'.padEnd(17)}${need.map((q) => q.toFixed(1).padEnd(26)).join('')}`);
await close();
