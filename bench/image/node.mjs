#!/usr/bin/env node
// The 12 MP target-quality figures in Node (run by hand, not in CI), on one core with no browser around it:
//   node bench/image/node.mjs metric   one full-size SSIMULACRA 2 (4000×3000, astronaut upscaled, against a q75 JPEG of it)
//   node bench/image/node.mjs target   the app's target-quality mode (processImage, JPEG, target 80) on the same
//                                      photo stored as a q92 JPEG, as `run.mjs target` does in Chromium; prints the
//                                      CPU seconds at each try (the proxy's, then the full-size ones)
//   node bench/image/node.mjs stages   each piece alone: resize to the proxy, one try on the proxy (encode,
//                                      decode, score), one full-size encode, decode and SSIMULACRA 2
// Each prints wall time and the process's CPU time (process.cpuUsage), since the machine may be shared.
// `--cpu-prof` works as usual (node --cpu-prof bench/image/node.mjs metric). The app's TypeScript is bundled
// with rolldown (Vite's bundler) into node_modules/.cache; the codecs' wasm is compiled from node_modules.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleForNode, root } from './bundle-for-node.mjs';

const entrySource = `
export { loadCodecWasmInNode } from '${root}/src/engines/codecs/node-wasm.testing.ts';
export { decodeImage } from '${root}/src/engines/codecs/decode.ts';
export { encodeImage } from '${root}/src/engines/codecs/encode.ts';
export { processImage } from '${root}/src/engines/codecs/pipeline.ts';
export { resizePixels } from '${root}/src/engines/codecs/resize.ts';
export { ssimulacra2, ssimulacra2Reference } from '${root}/src/engines/codecs/ssimulacra2.ts';
export { PROXY_PIXELS } from '${root}/src/engines/codecs/visual-target.ts';
`;

const m = await bundleForNode(entrySource, 'localkit-bench-image');
m.loadCodecWasmInNode();

/** 4000×3000 of real photo pixels: astronaut (512×512) upscaled with the app's Lanczos3. */
async function photo12mp() {
  const bytes = new Uint8Array(readFileSync(path.join(root, 'bench/image/photos/astronaut.webp')));
  const small = await m.decodeImage(bytes, 'webp', 'image/webp');
  return m.resizePixels(small, 4000, 3000);
}

/** Wall seconds and CPU seconds (user + system of this process) of `f`. */
async function timed(f) {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const value = await f();
  const wall = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  return { value, wall, cpu: (used.user + used.system) / 1e6 };
}

const what = process.argv[2] ?? 'metric';
const big = await photo12mp();
if (what === 'metric') {
  const jpeg = await m.decodeImage(await m.encodeImage(big, 'jpeg', { quality: 75 }), 'jpeg', 'image/jpeg');
  const runs = Number(process.argv[3] ?? 2);
  for (let i = 0; i < runs; i++) {
    const r = await timed(() => m.ssimulacra2(big, jpeg));
    console.log(`12 MP SSIMULACRA 2 (q75 JPEG): score ${r.value.toFixed(4)}, ${r.wall.toFixed(2)} s wall, ${r.cpu.toFixed(2)} s CPU`);
  }
} else if (what === 'target') {
  const input = await m.encodeImage(big, 'jpeg', { quality: 92 });
  const stages = [];
  // CPU seconds at each try the search reports: the proxy's tries, then the full-size encodes and scores.
  const start = process.cpuUsage();
  const tries = [];
  const report = (stage, done, total) => {
    stages.push(`${stage} ${done ?? ''}/${total ?? ''}`);
    if (done) tries.push((process.cpuUsage(start).user + process.cpuUsage(start).system) / 1e6);
  };
  const r = await timed(() => m.processImage(input, { output: 'jpeg', quality: 75, targetScore: 80 }, report));
  const out = r.value;
  if (!out.ok) throw new Error(`target quality failed: ${out.key}`);
  const decodedInput = await m.decodeImage(input, 'jpeg', 'image/jpeg');
  const score = m.ssimulacra2(decodedInput, await m.decodeImage(out.bytes, 'jpeg', 'image/jpeg'));
  console.log(`12 MP target quality 80 (JPEG): ${r.wall.toFixed(1)} s wall, ${r.cpu.toFixed(1)} s CPU, ${input.length} -> ${out.bytes.length} B at quality ${out.quality}; score at full size ${score.toFixed(2)} (reported ${out.score?.toFixed(2)}), ${stages.at(-1)}`);
  console.log(`CPU s at each try: ${tries.map((t) => t.toFixed(2)).join(' ')}`);
} else if (what === 'stages') {
  // Where target quality's time goes: each piece timed alone (CPU seconds), at the sizes the search uses.
  const f = Math.sqrt(m.PROXY_PIXELS / (big.width * big.height));
  const cells = [];
  const cpu = async (label, g) => {
    const r = await timed(g);
    cells.push(`${label} ${r.cpu.toFixed(2)} s`);
    return r.value;
  };
  const proxy = await cpu('resize to proxy', () => m.resizePixels(big, Math.round(big.width * f), Math.round(big.height * f)));
  const score = await cpu('proxy: original prepared', () => m.ssimulacra2Reference(proxy));
  const small = await cpu('proxy: encode q80', () => m.encodeImage(proxy, 'jpeg', { quality: 80 }));
  const smallBack = await cpu('proxy: decode', () => m.decodeImage(small, 'jpeg', 'image/jpeg'));
  await cpu('proxy: score', () => score(smallBack));
  const jpeg = await cpu('full-size encode q80', () => m.encodeImage(big, 'jpeg', { quality: 80 }));
  const back = await cpu('full-size decode', () => m.decodeImage(jpeg, 'jpeg', 'image/jpeg'));
  await cpu('full-size SSIMULACRA 2', () => m.ssimulacra2(big, back));
  console.log(cells.join('\n'));
} else throw new Error(`unknown job ${what}: metric, target or stages`);
