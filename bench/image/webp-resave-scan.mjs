#!/usr/bin/env node
// An edited lossy WebP saved again, by libwebp setting (issue 30): the app's edits of the pixels (as is, a crop
// already on the 2 px colour grid at (12, 6), a 90° turn), chroma restored (webp-resave.ts) unless a variant says
// "restore": false, then encoded with each variant's WebPConfig fields. Run by hand:
//   [PHOTOS=astronaut,...] [EDITS=resave,crop,rotate] node bench/image/webp-resave-scan.mjs '[{"name":"q98","o":{"quality":98}}, ...]'
// Sources as webp-resave.mjs (photos at libwebp q75/q90 + rocket, coffee-q70, coffee-q95). Each cell:
// butteraugli (Debian's) / SSIMULACRA 2 (the app's) / PSNR dB (RGB) / size ÷ input.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';
import { assemblyScriptKernels } from '../../src/engines/codecs/vite-plugin-kernels.mjs';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, 'node_modules/.cache/localkit-bench-webp-resave-scan');
const ENTRY = '\0bench-entry';
const entrySource = `
export { loadCodecWasmInNode } from '${root}/src/engines/codecs/node-wasm.testing.ts';
export { decodeImage } from '${root}/src/engines/codecs/decode.ts';
export { webpEncoder } from '${root}/src/engines/codecs/loaders.ts';
export { cropPixels } from '${root}/src/engines/codecs/rotate.ts';
export { applyOrientation } from '${root}/src/engines/codecs/pixels.ts';
export { restoreWebpChroma } from '${root}/src/engines/codecs/webp-resave.ts';
export { ssimulacra2 } from '${root}/src/engines/codecs/ssimulacra2.ts';
`;
const bundle = await rolldown({ input: ENTRY, platform: 'node', logLevel: 'silent',
  external: (id) => id.startsWith('node:') || (id.includes('?') && !id.endsWith('.as?wasm')),
  plugins: [assemblyScriptKernels(), { name: 'entry', resolveId: (id) => (id === ENTRY ? id : null), load: (id) => (id === ENTRY ? entrySource : null) }] });
await bundle.write({ dir: outDir, format: 'esm', entryFileNames: 'entry.mjs' });
await bundle.close();
globalThis.ImageData ??= class { constructor(data, width, height) { Object.assign(this, { data, width, height }); } };
const m = await import(pathToFileURL(path.join(outDir, 'entry.mjs')).href);
m.loadCodecWasmInNode();
const enc = await m.webpEncoder();
const tmp = mkdtempSync(path.join(tmpdir(), 'var-'));
const encode = async (p, o) => new Uint8Array(await enc(new ImageData(p.data, p.width, p.height), { method: 4, ...o }));
const decode = (b) => m.decodeImage(b, 'webp', 'image/webp');
let n = 0;
const toPng = (p) => { const f = path.join(tmp, `${n++}.pam`); const hdr = `P7\nWIDTH ${p.width}\nHEIGHT ${p.height}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n`; writeFileSync(f, Buffer.concat([Buffer.from(hdr), Buffer.from(p.data.buffer, p.data.byteOffset, p.data.byteLength)])); const o = f.replace('.pam', '.png'); execFileSync('convert', [f, '-alpha', 'off', o]); return o; };
const ba = (a, b) => Number(execFileSync('butteraugli', [a, b], { encoding: 'utf8' }).trim());
const sources = [];
for (const name of (process.env.PHOTOS ?? 'astronaut,chelsea,coffee,hubble,gravel,retina').split(',')) {
  const pixels = await decode(new Uint8Array(readFileSync(path.join(root, 'bench/image/photos', `${name}.webp`))));
  for (const q of [75, 90]) sources.push({ name: `${name}-q${q}`, bytes: await encode(pixels, { quality: q }) });
}
for (const name of ['rocket', 'coffee-q70', 'coffee-q95']) sources.push({ name, bytes: new Uint8Array(readFileSync(path.join(root, 'src/engines/codecs/fixtures', `${name}.webp`))) });
const variants = JSON.parse(process.argv[2]);
const EDITS = (process.env.EDITS ?? 'resave,crop,rotate').split(',');
const edit = { resave: (p) => p, crop: (p) => m.cropPixels(p, { x: 12, y: 6, width: p.width - 12 - 21, height: p.height - 6 - 11 }), rotate: (p) => m.applyOrientation(p, 6), r180odd: (p) => m.applyOrientation(m.cropPixels(p, { x: 0, y: 0, width: p.width - 1, height: p.height - 1 }), 3) };
const agg = variants.map(() => ({ max: 0, s: 0, n: 0, size: 0, ps: [] }));
for (const s of sources) {
  const input = await decode(s.bytes);
  let line = s.name;
  for (const e of EDITS) {
    const ref = edit[e](input);
    const refPng = toPng(ref);
    const restored = m.restoreWebpChroma(ref);
    line += ` | ${e}`;
    for (const [i, v] of variants.entries()) {
      const bytes = await encode(v.restore === false ? ref : restored, v.o);
      const out = await decode(bytes);
      const outPng = toPng(out); const b = ba(refPng, outPng);
      const a = agg[i]; a.max = Math.max(a.max, b); a.s += b; a.n++; a.size += Math.log(bytes.length / s.bytes.length);
      const s2 = m.ssimulacra2(ref, out); let se = 0; for (let j = 0; j < ref.data.length; j++) if ((j & 3) !== 3) se += (ref.data[j] - out.data[j]) ** 2; const psnr = 10 * Math.log10(255 * 255 / (se / (ref.data.length * 3 / 4)));
      line += ` ${v.name}:${b.toFixed(3)}/${s2.toFixed(2)}/${psnr.toFixed(2)}/${(bytes.length / s.bytes.length).toFixed(3)}`;
    }
  }
  console.log(line);
}
for (const [i, v] of variants.entries()) console.log(`== ${v.name}: BA mean ${(agg[i].s / agg[i].n).toFixed(3)} max ${agg[i].max.toFixed(3)} size x${Math.exp(agg[i].size / agg[i].n).toFixed(2)}`);
