#!/usr/bin/env node
// Encoder tuning (by hand): `node bench/image/tune.mjs '<json list of option sets>' [jpeg|webp]`. For each
// photo, the bytes each option set needs to reach SSIMULACRA 2 70 / 80 (same scan as run.mjs) ÷ the canvas
// encoder's of the same format. MozJPEG options take `chroma_offset` (chroma quality = quality + n).
import { openBench, photos, photoUrl } from './harness.mjs';

// QSTEP=2 scans every second quality (the default 4 is coarse where JPEG's score is bumpy).
const STEP = Number(process.env.QSTEP ?? 4);
const QUALITIES = Array.from({ length: Math.floor(92 / STEP) + 1 }, (_, i) => 8 + i * STEP);
const TARGETS = [70, 80];
const variants = JSON.parse(process.argv[2] ?? '[{}]');
const format = process.argv[3] ?? 'jpeg';
const [baseline, scanner] = format === 'webp' ? ['canvasWebp', 'scanWebp'] : ['canvasJpeg', 'scanMozjpeg'];

const { close, call } = await openBench(5198);
const url = photoUrl;
const smallest = (points, t) => Math.min(...points.filter((p) => p.score >= t).map((p) => p.bytes));
const base = {};
for (const photo of photos) base[photo] = await call(([u, qs, b]) => window.bench.scan(u, b, qs), [url(photo), QUALITIES, baseline]);
for (const v of variants) {
  const cells = [];
  for (const photo of photos) {
    const points = await call(([u, o, qs, f]) => window.bench[f](u, o, qs), [url(photo), v, QUALITIES, scanner]);
    cells.push(TARGETS.map((t) => (smallest(points, t) / smallest(base[photo], t)).toFixed(3)).join('/'));
  }
  console.log(`${JSON.stringify(v)}\t${photos.map((p, i) => `${p.split('.')[0]} ${cells[i]}`).join('  ')}`);
}
await close();
