#!/usr/bin/env node
// The image codec benchmark (run by hand, not in CI): `node bench/image/run.mjs`.
// Serves bench/image/index.html with Vite's dev server, drives headless Chromium, prints:
//  - for SSIMULACRA 2 70 / 80 and butteraugli 2.5 / 1.5, the bytes each encoder needs per photo (qualities scanned,
//    not bisected: JPEG's score is not monotonic in quality), and ratios against canvas toBlob from the same run;
//  - the app's target-quality mode on a 12 MP photo: seconds, bytes, score at full size;
//  - 12 MP encode times (MozJPEG, WebP) and native cwebp on the same pixels when it is installed;
//  - a 20-file batch on the worker pool against one worker.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openBench, photos, photoUrl } from './harness.mjs';
import { bytesToReach, fmtRatio, geomean, scanBoth } from './metrics.mjs';

const QUALITIES = Array.from({ length: 24 }, (_, i) => 8 + i * 4); // 8..100
const TARGETS = [70, 80];
const ENCODERS = ['canvasJpeg', 'canvasWebp', 'mozjpeg', 'webp', 'avif'];
const only = process.argv.slice(2);

const { close, call } = await openBench(5199);
const url = photoUrl;

if (!only.length || only.includes('quality')) {
  // Both metrics for every ratio: bytes to reach SSIMULACRA 2 70 / 80 and butteraugli 2.5 / 1.5 (metrics.mjs).
  const goals = [['score', 70], ['score', 80], ['distance', 2.5], ['distance', 1.5]];
  const label = ([m, t]) => (m === 'score' ? `S${t}` : `B${t}`);
  const best = {}; // best[photo][encoder] = bytes per goal
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-image-'));
  for (const photo of photos) {
    best[photo] = {};
    for (const enc of ENCODERS) {
      const points = await scanBoth(call, photo, { encoder: enc }, QUALITIES);
      best[photo][enc] = goals.map(([m, t]) => bytesToReach(points, m, t));
      console.log(`${photo.padEnd(20)} ${enc.padEnd(24)} ${goals.map((g, i) => `${label(g)}: ${Math.round(best[photo][enc][i])} B`).join('  ')}`);
    }
    // The app's target-quality mode (per-image search over qualities and MozJPEG's quantisation variants): its
    // bytes ÷ the canvas encoder's at the SSIMULACRA 2 target (counted only if reached) and at the butteraugli
    // distance the file measured.
    for (const [name, format, canvas] of [['targetJpeg', 'jpeg', 'canvasJpeg'], ['targetWebp', 'webp', 'canvasWebp']]) {
      best[photo][name] = {};
      for (const t of TARGETS) {
        const r = await call(([u, f, tt]) => window.bench.targetQuality(u, f, tt), [photoUrl(photo), format, t]);
        const png = path.join(dir, 'out.png');
        writeFileSync(png, Buffer.from(r.png, 'base64'));
        const ref = path.join(dir, 'ref.png');
        writeFileSync(ref, Buffer.from(await call((u) => window.bench.originalPng(u), photoUrl(photo)), 'base64'));
        const distance = Number(execFileSync('butteraugli', [ref, png]).toString().trim());
        const canvasPoints = await scanBoth(call, photo, { encoder: canvas }, QUALITIES);
        best[photo][name][t] = { score: r.score >= t ? r.bytes / bytesToReach(canvasPoints, 'score', t) : Infinity, distance: r.bytes / bytesToReach(canvasPoints, 'distance', distance) };
        console.log(`${photo.padEnd(20)} ${name.padEnd(24)} score ${t}: ${r.bytes} B at quality ${r.quality}, measured ${r.score.toFixed(2)}, butteraugli ${distance.toFixed(2)}`);
      }
    }
  }
  const ratio = (a, b) => (p, i) => best[p][a][i] / best[p][b][i];
  const ratios = {
    'MozJPEG / canvas JPEG': ratio('mozjpeg', 'canvasJpeg'),
    'WebP / canvas WebP': ratio('webp', 'canvasWebp'),
    'AVIF s6 / canvas JPEG': ratio('avif', 'canvasJpeg'),
    'min(AVIF, WebP) / canvas JPEG': (p, i) => Math.min(best[p].avif[i], best[p].webp[i]) / best[p].canvasJpeg[i],
  };
  const cols = goals.map(label).join('/');
  console.log(`\nbytes ÷ canvas's to reach ${cols} (S: SSIMULACRA 2 at least, B: butteraugli at most)`);
  for (const [name, f] of Object.entries(ratios)) console.log(`${name.padEnd(42)} ${photos.map((p) => `${p.split('.')[0]} ${goals.map((_, i) => fmtRatio(f(p, i))).join('/')}`).join('  ')}`);
  for (const name of ['targetJpeg', 'targetWebp'])
    console.log(`${`target-quality mode ${name.slice(6)} (70, 80)`.padEnd(42)} ${photos.map((p) => `${p.split('.')[0]} S ${TARGETS.map((t) => fmtRatio(best[p][name][t].score)).join('/')} B ${TARGETS.map((t) => fmtRatio(best[p][name][t].distance)).join('/')}`).join('  ')}`);
  console.log('\ngeometric mean over photos [worst photo]');
  for (const [name, f] of Object.entries(ratios)) {
    const cells = goals.map((g, i) => {
      const xs = photos.map((p) => f(p, i));
      return `${label(g)} ${fmtRatio(geomean(xs))} [${fmtRatio(Math.max(...xs))}]`;
    });
    console.log(`${name.padEnd(42)} ${cells.join('  ')}`);
  }
  for (const name of ['targetJpeg', 'targetWebp']) {
    const cells = TARGETS.flatMap((t) => ['score', 'distance'].map((m) => {
      const xs = photos.map((p) => best[p][name][t][m]);
      return `${t} ${m === 'score' ? 'S' : 'B'} ${fmtRatio(geomean(xs))} [${fmtRatio(Math.max(...xs))}]`;
    }));
    console.log(`${`target-quality mode ${name.slice(6)}`.padEnd(42)} ${cells.join('  ')}`);
  }
}

if (!only.length || only.includes('target')) {
  for (const t of [80]) {
    const r = await call(([u, tt]) => window.bench.targetSpeed(u, tt), [url(photos[0]), t]);
    console.log(`\n12 MP target quality ${t} (JPEG): ${r.seconds.toFixed(1)} s, ${r.inputBytes} -> ${r.bytes} B at quality ${r.quality}, score at full size ${r.score.toFixed(2)}`);
  }
}

if (!only.length || only.includes('speed')) {
  const s = await call((u) => window.bench.speed(u), url(photos[0]));
  let native = 'cwebp not installed';
  try {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-image-'));
    const png = path.join(dir, '12mp.png');
    writeFileSync(png, Buffer.from(s.pngBase64, 'base64'));
    const cwebp = (method) => {
      const t = process.hrtime.bigint();
      execFileSync('cwebp', ['-quiet', '-q', '75', '-m', String(method), png, '-o', path.join(dir, 'out.webp')]);
      return Number(process.hrtime.bigint() - t) / 1e9;
    };
    const same = cwebp(6);
    const m4 = cwebp(4);
    native = `cwebp -m 6 (our setting) ${same.toFixed(2)} s → jSquash WebP ${(s.webp / same).toFixed(2)}× native; cwebp -m 4 ${m4.toFixed(2)} s (${(s.webp / m4).toFixed(2)}×); both include cwebp's PNG decode`;
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
  }
  console.log(`\n12 MP (4000×3000) encode, one run: MozJPEG q75 ${s.mozjpeg.toFixed(2)} s, jSquash WebP q75 ${s.webp.toFixed(2)} s; ${native}`);
}

if (!only.length || only.includes('batch')) {
  const b = await call((us) => window.bench.batch(us, 2), photos.map(url));
  console.log(`\n20-file batch (decode, Lanczos3 ×3, WebP q75): 1 worker ${b.one.toFixed(2)} s, 2 workers ${b.many.toFixed(2)} s → ${(b.one / b.many).toFixed(2)}× (${b.cores} cores)`);
}

await close();
