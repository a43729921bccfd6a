#!/usr/bin/env node
// Media benchmark, run by hand (needs Debian's ffmpeg and Chromium): node bench/media/run.mjs [bitrate]
// One clip (testsrc2 + light temporal noise + a tone, 10 s, 1280×720, 30 fps), three encoders at the same
// video bit rate: our WebCodecs path (mediabunny in headless Chromium), ffmpeg.wasm (the threaded core when
// cross-origin isolated, as in the app) and native ffmpeg libx264 veryfast. Seconds, bytes and SSIM vs the
// source (ffmpeg's ssim filter), printed as ratios.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createServer } from '../../scripts/serve.mjs';
import { CHROMIUM_ARGS, chromiumPath, freshProfileDir } from '../../e2e/support/chromium.mjs';

const BITRATE = Number(process.argv[2] ?? 1_500_000);
const work = mkdtempSync(path.join(tmpdir(), 'localkit-bench-media-'));
const src = path.join(work, 'source.mp4');
const ff = (...args) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

console.log(`clip: 10 s 1280x720 30 fps, target video bit rate ${BITRATE / 1e6} Mbit/s`);
ff('-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30:duration=10,noise=alls=3:allf=t', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=10',
  '-c:v', 'libx264', '-crf', '12', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', src);

function ssimOf(file) {
  const log = execFileSync('sh', ['-c', `ffmpeg -hide_banner -i '${file}' -i '${src}' -lavfi '[0:v][1:v]ssim' -f null - 2>&1 | grep -o 'All:[0-9.]*'`], { encoding: 'utf8' });
  return Number(log.trim().split(':')[1]);
}

const results = {};
{
  const out = path.join(work, 'native.mp4');
  const t = performance.now();
  ff('-i', src, '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', String(BITRATE), '-threads', '2', '-c:a', 'aac', '-b:a', '128k', out);
  results.native = { seconds: (performance.now() - t) / 1000, bytes: statSync(out).size, ssim: ssimOf(out) };
}

// A bare page served with the app's headers (COOP/COEP: cross-origin isolated, like the app).
const www = path.join(work, 'www');
mkdirSync(www);
writeFileSync(path.join(www, 'index.html'), '<!doctype html><title>bench</title>');
cpSync('node_modules/mediabunny/dist/bundles/mediabunny.mjs', path.join(www, 'mediabunny.mjs'));
cpSync('node_modules/@ffmpeg/ffmpeg/dist/esm', path.join(www, 'ffmpeg-lib'), { recursive: true });
cpSync('node_modules/@ffmpeg/core-mt/dist/esm', path.join(www, 'core-mt'), { recursive: true });
cpSync('node_modules/@ffmpeg/core/dist/esm', path.join(www, 'core'), { recursive: true });
cpSync(src, path.join(www, 'source.mp4'));
const server = createServer(www);
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;
const profile = freshProfileDir();
const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
const page = context.pages()[0] ?? (await context.newPage());
await page.goto(base + '/');
const received = [];
await page.exposeFunction('saveResult', (name, b64) => {
  writeFileSync(path.join(work, name), Buffer.from(b64, 'base64'));
  received.push(name);
});

const encodeWebCodecs = (name, bitrate) => page.evaluate(`(async () => {
  const mb = await import('/mediabunny.mjs');
  const blob = await (await fetch('/source.mp4')).blob();
  const t = performance.now();
  const input = new mb.Input({ source: new mb.BlobSource(blob), formats: mb.ALL_FORMATS });
  const target = new mb.BufferTarget();
  const output = new mb.Output({ format: new mb.Mp4OutputFormat({ fastStart: 'in-memory' }), target });
  const c = await mb.Conversion.init({ input, output, video: { codec: 'avc', quality: new mb.Quality({ bitrate: ${bitrate} }), forceTranscode: true }, audio: { codec: 'opus' } });
  await c.execute();
  const seconds = (performance.now() - t) / 1000;
  const bytes = new Uint8Array(target.buffer);
  let s = ''; for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  await window.saveResult('${name}.mp4', btoa(s));
  return { seconds, isolated: crossOriginIsolated };
})()`);
const webcodecs = await encodeWebCodecs('webcodecs', BITRATE);
results.webcodecs = { seconds: webcodecs.seconds, bytes: statSync(path.join(work, 'webcodecs.mp4')).size, ssim: ssimOf(path.join(work, 'webcodecs.mp4')) };
// The "medium" preset on this clip: 1280 × 720 × 30 fps × 0.125 bits per pixel (src/engines/media/bitrate.ts).
const MEDIUM = Math.round(1280 * 720 * 30 * 0.125);
await encodeWebCodecs('medium', MEDIUM);
const medium = { bytes: statSync(path.join(work, 'medium.mp4')).size, ssim: ssimOf(path.join(work, 'medium.mp4')) };

// The threaded core (what the app uses when cross-origin isolated) and the single-thread core (what it
// uses otherwise, and what XTools runs everything through).
const encodeWasm = (core, name) => page.evaluate(`(async () => {
  const { FFmpeg } = await import('/ffmpeg-lib/index.js');
  const ffmpeg = new FFmpeg();
  const tl = performance.now();
  const blobURL = async (u, type) => URL.createObjectURL(new Blob([await (await fetch(u)).arrayBuffer()], { type }));
  const c = '/${core}/';
  await ffmpeg.load({ coreURL: await blobURL(c + 'ffmpeg-core.js', 'text/javascript'), wasmURL: await blobURL(c + 'ffmpeg-core.wasm', 'application/wasm'), ...(c === '/core-mt/' ? { workerURL: await blobURL(c + 'ffmpeg-core.worker.js', 'text/javascript') } : {}) });
  const load = (performance.now() - tl) / 1000;
  await ffmpeg.writeFile('in.mp4', new Uint8Array(await (await fetch('/source.mp4')).arrayBuffer()));
  const t = performance.now();
  // -threads as for native: left to itself x264 starts 1.5 threads per core plus lookahead threads, and the
  // threaded core dies on that with "RuntimeError: function signature mismatch" in a pthread, which
  // surfaces as "Cannot read properties of undefined (reading 'startsWith')".
  const code = await ffmpeg.exec(['-i', 'in.mp4', '-c:v', 'libx264', '-preset', 'veryfast', '-threads', '2', '-b:v', '${BITRATE}', '-c:a', 'aac', '-b:a', '128k', 'out.mp4']);
  if (code !== 0) throw new Error('ffmpeg exited with ' + code);
  const seconds = (performance.now() - t) / 1000;
  const bytes = await ffmpeg.readFile('out.mp4');
  let s = ''; for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  await window.saveResult('${name}.mp4', btoa(s));
  ffmpeg.terminate();
  return { seconds, load, isolated: crossOriginIsolated };
})()`).catch((e) => {
  console.log(`ffmpeg.wasm (${core}) run failed in this harness: ${e.message.split('\n')[0]}`);
  return null;
});
const wasm = await encodeWasm('core-mt', 'wasm');
const wasmSingle = await encodeWasm('core', 'wasm-single');
if (wasm) results.wasm = { seconds: wasm.seconds, bytes: statSync(path.join(work, 'wasm.mp4')).size, ssim: ssimOf(path.join(work, 'wasm.mp4')), load: wasm.load };
if (wasmSingle) results['wasm-1t'] = { seconds: wasmSingle.seconds, bytes: statSync(path.join(work, 'wasm-single.mp4')).size, ssim: ssimOf(path.join(work, 'wasm-single.mp4')), load: wasmSingle.load };

await context.close();
server.close();
rmSync(profile, { recursive: true, force: true });

console.log(`cross-origin isolated: ${webcodecs.isolated}`);
for (const [name, r] of Object.entries(results)) {
  console.log(`${name.padEnd(10)} ${r.seconds.toFixed(2).padStart(6)} s  ${(r.bytes / 1024).toFixed(0).padStart(6)} KB  SSIM ${r.ssim.toFixed(4)}${r.load ? `  (engine load ${r.load.toFixed(2)} s)` : ''}`);
}
if (results.wasm) console.log(`WebCodecs vs ffmpeg.wasm (threaded core): ${(results.wasm.seconds / results.webcodecs.seconds).toFixed(1)}x faster`);
if (results['wasm-1t']) console.log(`WebCodecs vs ffmpeg.wasm (single-thread core): ${(results['wasm-1t'].seconds / results.webcodecs.seconds).toFixed(1)}x faster`);
console.log(`WebCodecs vs native x264 veryfast: ${(results.native.seconds / results.webcodecs.seconds).toFixed(2)}x (>1 = faster)`);
console.log(`SSIM WebCodecs - native: ${(results.webcodecs.ssim - results.native.ssim).toFixed(4)}`);
console.log(`WebCodecs at the medium preset (${(MEDIUM / 1e6).toFixed(2)} Mbit/s): ${(medium.bytes / 1024).toFixed(0)} KB  SSIM ${medium.ssim.toFixed(4)} (goal >= 0.97)`);
rmSync(work, { recursive: true, force: true });
