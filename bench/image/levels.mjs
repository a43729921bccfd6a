#!/usr/bin/env node
// What the target-quality mode's levels deliver, judged by both metrics (by hand):
// `node bench/image/levels.mjs [jpeg,webp] [70,80,85,90]` (PHOTOS=… limits the photos). For each photo, format
// and level it runs the app's search (processImage with targetScore, as the compress tool's "Aim for a visual
// quality" does), then prints the SSIMULACRA 2 it reached (in the browser) and Debian butteraugli's max distance
// of the same file (on the browser's decodings as PNG), and the bytes canvas needs for that distance (canvas's
// qualities 10…95, cached by metrics.mjs), so a level's name can be checked against both metrics.
// Each level runs twice: SSIMULACRA 2 alone, and with the level's butteraugli bound (LEVEL_DISTANCE in
// src/tools/image/compress/compress.ts, copied below; the browser's estimate of butteraugli is what the app
// bounds), so the bound's size cost and whether butteraugli stays in the band are measured on the same photo.
// MARGINS=1.1,1.15 runs the bounded search once per margin (the estimate aimed at the bound ÷ margin; default the
// app's ESTIMATE_MARGIN); results are cached (os.tmpdir()/localkit-bench-cache/levels-*.json, by photo bytes and
// the source of the search) so a second margin reuses the unbounded runs.
// SCALE=2 upscales each photo first (canvas, stored as PNG), so the search runs on photos over its proxy size
// (500 000 pixels): the full-size tries and the bound's step up on the worst tiles; bytes ÷ canvas are not printed then.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBench, photos, photoUrl } from './harness.mjs';
import { bytesToReach, fmtRatio, scanBoth } from './metrics.mjs';

const formats = (process.argv[2] ?? 'jpeg,webp').split(',');
const levels = (process.argv[3] ?? '70,80,85,90').split(',').map(Number);
const margins = (process.env.MARGINS ?? '').split(',').filter(Boolean).map(Number);
if (!margins.length) margins.push(undefined);
const BASE_Q = [10, 20, 30, 40, 50, 60, 70, 80, 90, 95];
const SCALE = Number(process.env.SCALE ?? 1);
/** In the page: the photo upscaled (canvas, high smoothing) as a PNG blob URL. */
const upscaled = async ([u, scale]) => {
  const bitmap = await createImageBitmap(await (await fetch(u)).blob());
  const c = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
  const ctx = c.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, c.width, c.height);
  return URL.createObjectURL(await c.convertToBlob({ type: 'image/png' }));
};
const LEVEL_DISTANCE = { 70: 4.5, 80: 3, 85: 2.5, 90: 2 };
const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.resolve(here, '../../src/engines/codecs');
// The search's source decides its results: the cache is keyed by it, so an edited search runs again. The
// unbounded runs are keyed without the bound's two files (their printed prediction is the proxy's of the day).
const hashOf = (files) => createHash('sha256').update(files.map((f) => readFileSync(path.join(src, f), 'utf8')).join()).digest('hex').slice(0, 16);
const CODECS = ['pipeline.ts', 'encode.ts', 'interpolated-quality.ts', 'target-quality.ts', 'ssimulacra2.ts', '../../../bench/image/page.ts'];
const aloneKey = hashOf(CODECS);
const boundKey = hashOf([...CODECS, 'visual-target.ts', 'butteraugli-proxy.ts']);
const cacheDir = path.join(tmpdir(), 'localkit-bench-cache');
mkdirSync(cacheDir, { recursive: true });
const { close, call } = await openBench(Number(process.env.PORT ?? 5196));
const dir = mkdtempSync(path.join(tmpdir(), 'bench-levels-'));
const rows = [];
for (const photo of photos) {
  const ref = path.join(dir, 'ref.png');
  // (Scaled in the page by a function of this file, so page.ts, which keys the cache, stays as it is.)
  const url = SCALE === 1 ? photoUrl(photo) : await call(upscaled, [photoUrl(photo), SCALE]);
  writeFileSync(ref, Buffer.from(await call((u) => window.bench.originalPng(u), url), 'base64'));
  const photoKey = createHash('sha256').update(readFileSync(path.join(here, 'photos', photo))).digest('hex').slice(0, 16);
  for (const format of formats) {
    const canvas = SCALE === 1 ? await scanBoth(call, photo, { encoder: format === 'webp' ? 'canvasWebp' : 'canvasJpeg' }, BASE_Q) : null;
    for (const level of levels) {
      const measure = async (bound, margin) => {
        const file = path.join(cacheDir, `levels-${photoKey}-${bound ? boundKey : aloneKey}-${format}-${level}-${bound ?? 'none'}-${margin ?? 'default'}${SCALE === 1 ? '' : `-x${SCALE}`}.json`);
        let r;
        if (existsSync(file)) r = JSON.parse(readFileSync(file, 'utf8'));
        else {
          const out = await call(([u, f, t, d, m]) => window.bench.targetQuality(u, f, t, d, m), [url, format, level, bound, margin]);
          const png = path.join(dir, 'out.png');
          writeFileSync(png, Buffer.from(out.png, 'base64'));
          r = { ...out, png: undefined, distance: Number(execFileSync('butteraugli', [ref, png]).toString().trim()) };
          writeFileSync(file, JSON.stringify(r));
        }
        return { ...r, vsCanvas: canvas ? r.bytes / bytesToReach(canvas, 'distance', r.distance) : NaN };
      };
      const free = await measure(undefined);
      const show = (r) => `${r.bytes} B q${r.quality}, SSIMULACRA 2 ${r.score.toFixed(2)}, butteraugli ${r.distance.toFixed(2)}${r.estimate ? ` (est. ${r.estimate.toFixed(2)}, pred. ${r.predicted?.toFixed(2)})` : ''}, ÷ canvas ${Number.isFinite(r.vsCanvas) && r.vsCanvas > 0 ? fmtRatio(r.vsCanvas) : 'never'}`;
      for (const margin of margins) {
        const bounded = await measure(LEVEL_DISTANCE[level], margin);
        rows.push({ photo, format, level, margin, score: free.score, distance: free.distance, bounded, cost: bounded.bytes / free.bytes });
        console.log(`${photo.padEnd(20)} ${format.padEnd(5)} level ${level}: alone ${show(free)} | bound ≤ ${LEVEL_DISTANCE[level]}${margin ? ` ÷ ${margin}` : ''}: ${show(bounded)}${bounded.distance > LEVEL_DISTANCE[level] ? ' OVER' : ''}, bytes ×${(bounded.bytes / free.bytes).toFixed(2)}`);
      }
    }
  }
}
const median = (xs) => (xs.length % 2 ? xs[(xs.length - 1) / 2] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2);
const geomean = (xs) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
console.log('\nbutteraugli per level: min / median / max over photos (SSIMULACRA 2 min), alone and with the bound');
for (const margin of margins) {
  const all = rows.filter((r) => r.margin === margin);
  for (const format of formats) {
    for (const level of levels) {
      const rs = all.filter((r) => r.format === format && r.level === level);
      const d = rs.map((r) => r.distance).sort((a, b) => a - b);
      const b = rs.map((r) => r.bounded.distance).sort((x, y) => x - y);
      const over = rs.filter((r) => r.bounded.distance > LEVEL_DISTANCE[level]).map((r) => `${r.photo} ${r.bounded.distance.toFixed(2)}`);
      console.log(`${format.padEnd(5)} ${level}: alone ${d[0].toFixed(2)} / ${median(d).toFixed(2)} / ${d[d.length - 1].toFixed(2)}  (SSIMULACRA 2 min ${Math.min(...rs.map((r) => r.score)).toFixed(2)}); bound ≤ ${LEVEL_DISTANCE[level]}${margin ? ` ÷ ${margin}` : ''}: ${b[0].toFixed(2)} / ${median(b).toFixed(2)} / ${b[b.length - 1].toFixed(2)}, bytes × ${geomean(rs.map((r) => r.cost)).toFixed(3)} (geomean, max ${Math.max(...rs.map((r) => r.cost)).toFixed(2)}), over the band: ${over.join(', ') || 'none'}`);
    }
    const fs = all.filter((r) => r.format === format);
    console.log(`${format.padEnd(5)} all levels${margin ? ` ÷ ${margin}` : ''}: bytes × ${geomean(fs.map((r) => r.cost)).toFixed(3)} (geomean over ${fs.length}), over the band ${fs.filter((r) => r.bounded.distance > LEVEL_DISTANCE[r.level]).length} (alone ${fs.filter((r) => r.distance > LEVEL_DISTANCE[r.level]).length})`);
  }
}
await close();
