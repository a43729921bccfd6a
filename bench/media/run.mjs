#!/usr/bin/env node
// Media benchmark, run by hand (needs Debian's ffmpeg and Chromium; `npm run build` or DIST=<dir> for the app rows):
//   node bench/media/run.mjs [bitrate]
// One clip (harness.mjs: testsrc2 + light temporal noise + a tone, 10 s, 1280×720, 30 fps, a key frame a second),
// encoders at the same video bit rate: WebCodecs through mediabunny as a plain page uses it, the app's media worker
// with one encoder and with one per core (issue 15), ffmpeg.wasm (threaded and single-thread cores) and native
// ffmpeg libx264 veryfast. Seconds, bytes and SSIM vs the source (ffmpeg's ssim filter), printed as ratios,
// with the load average: the machine is shared, and a timing means little without it.
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeWithApp, settingsFor, stageApp } from './app-encode.mjs';
import { cpuBusy, encodeMediabunny, ff, loadavg, makeSource, openBenchPage, ssimOf } from './harness.mjs';
import { encodeWasm, stageWasm } from './wasm-encode.mjs';

const BITRATE = Number(process.argv[2] ?? 1_500_000);
const work = mkdtempSync(path.join(tmpdir(), 'localkit-bench-media-'));
const src = path.join(work, 'source.mp4');
const ssim = (name) => ssimOf(path.join(work, name), src);
const sized = (name, r) => ({ ...r, bytes: statSync(path.join(work, name)).size, ssim: ssim(name) });

console.log(`clip: 10 s 1280x720 30 fps, target video bit rate ${BITRATE / 1e6} Mbit/s; load at the start ${loadavg()}`);
makeSource(src);

const results = {};
{
  const t = performance.now();
  ff('-i', src, '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', String(BITRATE), '-threads', '2', '-c:a', 'aac', '-b:a', '128k', path.join(work, 'native.mp4'));
  results.native = sized('native.mp4', { seconds: (performance.now() - t) / 1000 });
}

const www = path.join(work, 'www');
const { page, close } = await openBenchPage(www, work);
cpSync(src, path.join(www, 'source.mp4'));
stageWasm(www);
const appWorker = stageApp(www);

const webcodecs = await encodeMediabunny(page, 'webcodecs.mp4', 'avc', BITRATE);
results.webcodecs = sized('webcodecs.mp4', webcodecs);
// The "medium" preset on this clip: 1280 × 720 × 30 fps × 0.125 bits per pixel (src/engines/media/bitrate.ts).
const MEDIUM = Math.round(1280 * 720 * 30 * 0.125);
await encodeMediabunny(page, 'medium.mp4', 'avc', MEDIUM);
const medium = sized('medium.mp4', {});

// The app's media worker: one encoder, then one per core, twice each in turn; the faster run counts (the machine
// is shared, so a run can lose the CPU to others).
if (appWorker) {
  const settings = settingsFor(BITRATE, 10);
  const best = {};
  for (let round = 0; round < 2; round++) {
    for (const [name, max] of [['app-1enc', 1], ['app-par', undefined]]) {
      const before = cpuBusy();
      const r = await encodeWithApp(page, appWorker, name, settings, max);
      // How many cores the machine kept busy meanwhile: what a second encoder can still win.
      const busy = cpuBusy(before).percent;
      console.log(`  ${name} run ${round + 1}: ${r.seconds.toFixed(2)} s, machine ${busy} % busy (${r.note}${r.frames ? `, ${r.frames.total} frames` : ''}; ${r.cores} cores; load ${loadavg()})`);
      if (!best[name] || r.seconds < best[name].seconds) best[name] = r;
    }
  }
  for (const [name, r] of Object.entries(best)) results[name] = sized(`${name}.mp4`, { seconds: r.seconds });
} else console.log('no build with the parallel media worker (npm run build, or DIST=<dir>): the app rows are left out');

const wasm = await encodeWasm(page, 'core-mt', 'wasm.mp4', BITRATE);
const wasmSingle = await encodeWasm(page, 'core', 'wasm-single.mp4', BITRATE);
if (wasm) results.wasm = sized('wasm.mp4', wasm);
if (wasmSingle) results['wasm-1t'] = sized('wasm-single.mp4', wasmSingle);
await close();

console.log(`cross-origin isolated: ${webcodecs.isolated}; load at the end ${loadavg()} (shared with other work)`);
for (const [name, r] of Object.entries(results)) {
  console.log(`${name.padEnd(10)} ${r.seconds.toFixed(2).padStart(6)} s  ${(r.bytes / 1024).toFixed(0).padStart(6)} KB  SSIM ${r.ssim.toFixed(4)}${r.load ? `  (engine load ${r.load.toFixed(2)} s)` : ''}`);
}
if (results.wasm) console.log(`WebCodecs vs ffmpeg.wasm (threaded core): ${(results.wasm.seconds / results.webcodecs.seconds).toFixed(1)}x faster`);
if (results['wasm-1t']) console.log(`WebCodecs vs ffmpeg.wasm (single-thread core): ${(results['wasm-1t'].seconds / results.webcodecs.seconds).toFixed(1)}x faster`);
console.log(`WebCodecs vs native x264 veryfast: ${(results.native.seconds / results.webcodecs.seconds).toFixed(2)}x (>1 = faster)`);
if (results['app-par']) {
  const par = results['app-par'].seconds;
  console.log(`App, one encoder per core vs one encoder: ${(results['app-1enc'].seconds / par).toFixed(2)}x faster (goal >= 1.8x on 2 cores)`);
  if (results.wasm) console.log(`App, one encoder per core vs ffmpeg.wasm (threaded core): ${(results.wasm.seconds / par).toFixed(1)}x faster (goal >= 7x)`);
  console.log(`SSIM app one encoder per core - one encoder: ${(results['app-par'].ssim - results['app-1enc'].ssim).toFixed(4)}`);
}
console.log(`SSIM WebCodecs - native: ${(results.webcodecs.ssim - results.native.ssim).toFixed(4)}`);
console.log(`WebCodecs at the medium preset (${(MEDIUM / 1e6).toFixed(2)} Mbit/s): ${(medium.bytes / 1024).toFixed(0)} KB  SSIM ${medium.ssim.toFixed(4)} (goal >= 0.97)`);
rmSync(work, { recursive: true, force: true });
