#!/usr/bin/env node
// Bytes at equal quality (issue 15.3), run by hand after `npm run build` (or DIST=<dir>) (needs Debian's ffmpeg and
// Chromium): node bench/media/equal-quality.mjs [--wasm] [--only=<part of an engine's name>] [--goal=<SSIM, 0.97>]
// For each engine, the video bit rate at which the clip (harness.mjs) reaches SSIM 0.97 (or --goal) against its source: a
// bisection on the logarithm of the bit rate, then a straight line between the two closest runs. Engines: native
// x264 veryfast, WebCodecs H.264 (one encoder, as a plain page uses it), the app's H.264 path with one encoder per
// core, WebCodecs VP9 and AV1 (WebM); --wasm adds ffmpeg.wasm's threaded core (slow: ~10 s a run on 2 cores).
// Debian's ffmpeg has no libvmaf, so SSIM only.
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeWithApp, settingsFor, stageApp } from './app-encode.mjs';
import { encodeMediabunny, ff, loadavg, makeSource, openBenchPage, ssimOf } from './harness.mjs';
import { encodeWasm, stageWasm } from './wasm-encode.mjs';

const GOAL = Number(process.argv.find((a) => a.startsWith('--goal='))?.slice(7) ?? 0.97);
const STEPS = 6;
const work = mkdtempSync(path.join(tmpdir(), 'localkit-bench-equal-'));
const src = path.join(work, 'source.mp4');
makeSource(src);
const www = path.join(work, 'www');
const { page, close } = await openBenchPage(www, work);
cpSync(src, path.join(www, 'source.mp4'));
const appWorker = stageApp(www);
const withWasm = process.argv.includes('--wasm');
if (withWasm) stageWasm(www);

/** name → (bit rate → output file) */
const engines = {
  'x264 veryfast (native)': async (bitrate, out) => (ff('-i', src, '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', String(bitrate), '-threads', '2', '-an', `${out}.mp4`), `${out}.mp4`),
  'WebCodecs H.264, one encoder': async (bitrate, out) => (await encodeMediabunny(page, `${path.basename(out)}.mp4`, 'avc', bitrate), `${out}.mp4`),
  // The key-frame interval is a choice of ours (mediabunny's default is 5 s): what it costs at equal quality.
  'WebCodecs H.264, key frame every 2 s': async (bitrate, out) => (await encodeMediabunny(page, `${path.basename(out)}.mp4`, 'avc', bitrate, 2), `${out}.mp4`),
  'WebCodecs H.264, key frame every 10 s': async (bitrate, out) => (await encodeMediabunny(page, `${path.basename(out)}.mp4`, 'avc', bitrate, 10), `${out}.mp4`),
  ...(appWorker ? { 'app H.264, one encoder per core': async (bitrate, out) => (await encodeWithApp(page, appWorker, path.basename(out), settingsFor(bitrate, 10)), `${out}.mp4`) } : {}),
  'WebCodecs VP9': async (bitrate, out) => (await encodeMediabunny(page, `${path.basename(out)}.webm`, 'vp9', bitrate), `${out}.webm`),
  'WebCodecs AV1': async (bitrate, out) => (await encodeMediabunny(page, `${path.basename(out)}.webm`, 'av1', bitrate), `${out}.webm`),
  ...(withWasm ? { 'ffmpeg.wasm x264 veryfast (threaded core)': async (bitrate, out) => (await encodeWasm(page, 'core-mt', `${path.basename(out)}.mp4`, bitrate), `${out}.mp4`) } : {}),
};

const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
if (only) for (const name of Object.keys(engines)) if (!name.includes(only) && !name.includes('native')) delete engines[name];

console.log(`clip: 10 s 1280x720 30 fps; video bit rate for SSIM ${GOAL}; load ${loadavg()} (shared machine)`);
const found = {};
for (const [name, encode] of Object.entries(engines)) {
  const runs = [];
  let lo = Math.log(200_000);
  let hi = Math.log(10_000_000);
  try {
    for (let i = 0; i < STEPS; i++) {
      const bitrate = Math.round(Math.exp((lo + hi) / 2));
      const file = await encode(bitrate, path.join(work, `${name.replace(/\W+/g, '-')}-${bitrate}`));
      const ssim = ssimOf(file, src);
      // What the encoder really wrote (the whole file over 10 s; the sound, where there is one, is about 0.1 Mbit/s).
      runs.push({ bitrate, ssim, written: (statSync(file).size * 8) / 10 });
      if (ssim >= GOAL) hi = Math.log(bitrate);
      else lo = Math.log(bitrate);
    }
  } catch (error) {
    console.log(`${name}: failed (${String(error.message).split('\n')[0]})`);
    continue;
  }
  const below = runs.filter((r) => r.ssim < GOAL).sort((a, b) => b.ssim - a.ssim)[0];
  const above = runs.filter((r) => r.ssim >= GOAL).sort((a, b) => a.ssim - b.ssim)[0];
  let estimate;
  if (below && above) {
    const f = (GOAL - below.ssim) / (above.ssim - below.ssim);
    estimate = Math.exp(Math.log(below.bitrate) + f * (Math.log(above.bitrate) - Math.log(below.bitrate)));
  }
  found[name] = estimate;
  const tried = runs.map((r) => `${(r.bitrate / 1e6).toFixed(2)}(${(r.written / 1e6).toFixed(2)}):${r.ssim.toFixed(4)}`).join(' ');
  console.log(`${name.padEnd(42)} ${estimate ? `${(estimate / 1e6).toFixed(2)} Mbit/s` : 'not bracketed'}   (asked (written) Mbit/s:SSIM ${tried})`);
}
const base = found['x264 veryfast (native)'];
if (base) for (const [name, rate] of Object.entries(found)) if (rate) console.log(`${name.padEnd(42)} ${(rate / base).toFixed(2)}x the bytes of x264 veryfast at equal SSIM`);
console.log(`load at the end: ${loadavg()}`);
await close();
rmSync(work, { recursive: true, force: true });
