// CPU seconds of x264 in ffmpeg.wasm's threaded core (the quality-first path's encoder, issue 26) by preset and
// thread count, against native x264 veryfast in the same command: every Chromium process's CPU time, so a shared
// machine's load does not count. `node bench/media/wasm-x264-cpu.mjs [clip] [preset:threads,…] [crf]`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeClips } from './clips.mjs';
import { loadavg, openBenchPage, treeCpuSeconds } from './harness.mjs';
import { stageWasm } from './wasm-encode.mjs';

const clips = makeClips();
const clip = clips[process.argv[2] ?? 'pan'];
const configs = (process.argv[3] ?? 'veryfast:4,faster:4,faster:2,faster:1').split(',').map((c) => c.split(':'));
const crf = process.argv[4] ?? '25';
const work = mkdtempSync(path.join(tmpdir(), 'wasm-x264-cpu-'));
const www = path.join(work, 'www');
const { page, close } = await openBenchPage(www, work);
stageWasm(www);
execFileSync('cp', [clip, path.join(www, 'source.mp4')]);
console.log(`${path.basename(clip)} at CRF ${crf}, video only; load ${loadavg()}`);

const timeFile = path.join(work, 'time.txt');
execFileSync('/usr/bin/time', ['-f', '%U %S', '-o', timeFile, 'ffmpeg', '-v', 'error', '-y', '-i', clip, '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', crf, path.join(work, 'native.mp4')]);
const native = readFileSync(timeFile, 'utf8').trim().split(' ').map(Number).reduce((a, b) => a + b, 0);
console.log(`native veryfast (default threads): ${native.toFixed(1)} CPU s`);

await page.evaluate(`(async () => {
  const { FFmpeg } = await import('/ffmpeg-lib/index.js');
  const blobURL = async (u, type) => URL.createObjectURL(new Blob([await (await fetch(u)).arrayBuffer()], { type }));
  window.ff = new FFmpeg();
  await ff.load({ coreURL: await blobURL('/core-mt/ffmpeg-core.js', 'text/javascript'), wasmURL: await blobURL('/core-mt/ffmpeg-core.wasm', 'application/wasm'), workerURL: await blobURL('/core-mt/ffmpeg-core.worker.js', 'text/javascript') });
  await ff.writeFile('in.mp4', new Uint8Array(await (await fetch('/source.mp4')).arrayBuffer()));
})()`);
for (const [preset, threads] of configs) {
  const cpu0 = treeCpuSeconds();
  const t = performance.now();
  const bytes = await page.evaluate(`(async () => {
    const code = await ff.exec(['-i', 'in.mp4', '-an', '-c:v', 'libx264', '-preset', '${preset}', '-crf', '${crf}', '-threads', '${threads}', '-pix_fmt', 'yuv420p', '-y', 'out.mp4']);
    if (code !== 0) throw new Error('ffmpeg exited with ' + code);
    return (await ff.readFile('out.mp4')).byteLength;
  })()`);
  const cpu = treeCpuSeconds() - cpu0;
  console.log(`wasm ${preset} threads ${threads}: ${cpu.toFixed(1)} CPU s (${(cpu / native).toFixed(1)}x native veryfast), ${((performance.now() - t) / 1000).toFixed(1)} s wall, ${bytes} bytes; load ${loadavg()}`);
}
await close();
