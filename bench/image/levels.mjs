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
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openBench, photos, photoUrl } from './harness.mjs';
import { bytesToReach, fmtRatio, scanBoth } from './metrics.mjs';

const formats = (process.argv[2] ?? 'jpeg,webp').split(',');
const levels = (process.argv[3] ?? '70,80,85,90').split(',').map(Number);
const BASE_Q = [10, 20, 30, 40, 50, 60, 70, 80, 90, 95];
const LEVEL_DISTANCE = { 70: 4.5, 80: 3, 85: 2.5, 90: 2 };
const { close, call } = await openBench(Number(process.env.PORT ?? 5196));
const dir = mkdtempSync(path.join(tmpdir(), 'bench-levels-'));
const rows = [];
for (const photo of photos) {
  const ref = path.join(dir, 'ref.png');
  writeFileSync(ref, Buffer.from(await call((u) => window.bench.originalPng(u), photoUrl(photo)), 'base64'));
  for (const format of formats) {
    const canvas = await scanBoth(call, photo, { encoder: format === 'webp' ? 'canvasWebp' : 'canvasJpeg' }, BASE_Q);
    for (const level of levels) {
      const measure = async (bound) => {
        const r = await call(([u, f, t, d]) => window.bench.targetQuality(u, f, t, d), [photoUrl(photo), format, level, bound]);
        const png = path.join(dir, 'out.png');
        writeFileSync(png, Buffer.from(r.png, 'base64'));
        const distance = Number(execFileSync('butteraugli', [ref, png]).toString().trim());
        return { ...r, distance, vsCanvas: r.bytes / bytesToReach(canvas, 'distance', distance) };
      };
      const free = await measure(undefined);
      const bounded = await measure(LEVEL_DISTANCE[level]);
      rows.push({ photo, format, level, score: free.score, distance: free.distance, bounded, cost: bounded.bytes / free.bytes });
      const show = (r) => `${r.bytes} B q${r.quality}, SSIMULACRA 2 ${r.score.toFixed(2)}, butteraugli ${r.distance.toFixed(2)}${r.estimate ? ` (est. ${r.estimate.toFixed(2)})` : ''}, ÷ canvas ${Number.isFinite(r.vsCanvas) && r.vsCanvas > 0 ? fmtRatio(r.vsCanvas) : 'never'}`;
      console.log(`${photo.padEnd(20)} ${format.padEnd(5)} level ${level}: alone ${show(free)} | bound ≤ ${LEVEL_DISTANCE[level]}: ${show(bounded)}${bounded.distance > LEVEL_DISTANCE[level] ? ' OVER' : ''}, bytes ×${(bounded.bytes / free.bytes).toFixed(2)}`);
    }
  }
}
console.log('\nbutteraugli per level: min / median / max over photos (SSIMULACRA 2 min), alone and with the bound');
for (const format of formats)
  for (const level of levels) {
    const rs = rows.filter((r) => r.format === format && r.level === level);
    const d = rs.map((r) => r.distance).sort((a, b) => a - b);
    const med = d.length % 2 ? d[(d.length - 1) / 2] : (d[d.length / 2 - 1] + d[d.length / 2]) / 2;
    const b = rs.map((r) => r.bounded.distance).sort((x, y) => x - y);
    const bmed = b.length % 2 ? b[(b.length - 1) / 2] : (b[b.length / 2 - 1] + b[b.length / 2]) / 2;
    const cost = Math.exp(rs.reduce((a, r) => a + Math.log(r.cost), 0) / rs.length);
    const over = rs.filter((r) => r.bounded.distance > LEVEL_DISTANCE[level]).map((r) => `${r.photo} ${r.bounded.distance.toFixed(2)}`);
    console.log(`${format.padEnd(5)} ${level}: alone ${d[0].toFixed(2)} / ${med.toFixed(2)} / ${d[d.length - 1].toFixed(2)}  (SSIMULACRA 2 min ${Math.min(...rs.map((r) => r.score)).toFixed(2)}); bound ≤ ${LEVEL_DISTANCE[level]}: ${b[0].toFixed(2)} / ${bmed.toFixed(2)} / ${b[b.length - 1].toFixed(2)}, bytes × ${cost.toFixed(3)} (geomean, max ${Math.max(...rs.map((r) => r.cost)).toFixed(2)}), over the band: ${over.join(', ') || 'none'}`);
  }
await close();
