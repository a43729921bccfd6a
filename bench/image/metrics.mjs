// Two-metric scans for the image benches: each point is encoded and decoded in Chromium (bench/image/page.ts),
// scored there with SSIMULACRA 2 (higher is better) and here with Debian's `butteraugli` (its max distance, lower
// is better) on the browser's decodings of the original and of the result, both as PNG. Points are cached on disk
// (os.tmpdir()/localkit-bench-cache) by photo bytes and the encoder options they come to, so a scan of a new
// rule encodes only the qualities where its options differ.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { photoUrl } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const cacheDir = path.join(tmpdir(), 'localkit-bench-cache');
const run = promisify(execFile);
const hash = (x) => createHash('sha1').update(x).digest('hex');

async function butteraugli(a, b) {
  const { stdout } = await run('butteraugli', [a, b]);
  return Number(stdout.trim());
}

/** Every quality of `qualities` for `photo` under `spec` (page.ts Spec): [{ q, bytes, score, distance }]. */
export async function scanBoth(call, photo, spec, qualities) {
  mkdirSync(cacheDir, { recursive: true });
  const photoKey = hash(readFileSync(path.join(here, 'photos', photo)));
  const ref = path.join(cacheDir, `${photoKey}.png`);
  if (!existsSync(ref)) writeFileSync(ref, Buffer.from(await call((u) => window.bench.originalPng(u), photoUrl(photo)), 'base64'));
  const pending = [];
  for (const q of qualities) {
    const key = hash(photoKey + JSON.stringify(await call(([s, qq]) => window.bench.resolve(s, qq), [spec, q])));
    const file = path.join(cacheDir, `${key}.json`);
    if (existsSync(file)) {
      pending.push(Promise.resolve({ q, ...JSON.parse(readFileSync(file, 'utf8')) }));
      continue;
    }
    const p = await call(([u, s, qq]) => window.bench.point(u, s, qq), [photoUrl(photo), spec, q]);
    const png = path.join(cacheDir, `${key}.png`);
    writeFileSync(png, Buffer.from(p.png, 'base64'));
    // butteraugli runs while the browser encodes the next point (at most two at a time).
    const done = butteraugli(ref, png).then((distance) => {
      const r = { bytes: p.bytes, score: p.score, distance };
      writeFileSync(file, JSON.stringify(r));
      return { q, ...r };
    });
    pending.push(done);
    if (pending.length >= 2) await pending[pending.length - 2];
  }
  return Promise.all(pending);
}

/**
 * Bytes `points` need to reach `target` on `metric` ('score': at least; 'distance': at most): the smallest point
 * that reaches it, or the log-bytes interpolation between two neighbouring qualities that straddle it, whichever
 * is smaller; Infinity when no quality reaches it.
 */
export function bytesToReach(points, metric, target) {
  const ok = (p) => (metric === 'score' ? p.score >= target : p.distance <= target);
  const sorted = [...points].sort((a, b) => a.q - b.q);
  let best = Infinity;
  for (let i = 0; i < sorted.length; i++) {
    const p = sorted[i];
    if (ok(p)) best = Math.min(best, p.bytes);
    const n = sorted[i + 1];
    if (n && !ok(p) && ok(n)) {
      const t = (target - p[metric]) / (n[metric] - p[metric]);
      best = Math.min(best, Math.exp(Math.log(p.bytes) + t * (Math.log(n.bytes) - Math.log(p.bytes))));
    }
  }
  return best;
}

/** For each baseline point: the candidate's bytes to reach the baseline's score and its distance ÷ the baseline's bytes. */
export function ratiosAtBaseline(base, cand) {
  return base.map((b) => ({ q: b.q, score: bytesToReach(cand, 'score', b.score) / b.bytes, distance: bytesToReach(cand, 'distance', b.distance) / b.bytes }));
}

export const geomean = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
export const fmtRatio = (x) => (Number.isFinite(x) ? x.toFixed(2) : 'never');
