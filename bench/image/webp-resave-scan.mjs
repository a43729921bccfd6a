#!/usr/bin/env node
// An edited lossy WebP saved again, by libwebp setting (issue 30): the app's edits of the pixels (as is, a crop
// already on the 2 px colour grid at (12, 6), a 90° turn), chroma restored (webp-resave.ts) unless a variant says
// "restore": false, then encoded with each variant's WebPConfig fields. Run by hand:
//   [PHOTOS=astronaut,...] [EDITS=resave,crop,rotate] node bench/image/webp-resave-scan.mjs '[{"name":"q98","o":{"quality":98}}, ...]'
// Sources as webp-resave.mjs (photos at libwebp q75/q90 + rocket, coffee-q70, coffee-q95). Each cell:
// butteraugli (Debian's) / SSIMULACRA 2 (the app's) / PSNR dB (RGB) / size ÷ input.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadWebpBench, webpSources } from './webp-bench.mjs';
const bench = await loadWebpBench('localkit-bench-webp-resave-scan');
const { m, enc, decode } = bench;
const tmp = mkdtempSync(path.join(tmpdir(), 'var-'));
const encode = async (p, o) => new Uint8Array(await enc(new ImageData(p.data, p.width, p.height), { method: 4, ...o }));
let n = 0;
const toPng = (p) => { const f = path.join(tmp, `${n++}.pam`); const hdr = `P7\nWIDTH ${p.width}\nHEIGHT ${p.height}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n`; writeFileSync(f, Buffer.concat([Buffer.from(hdr), Buffer.from(p.data.buffer, p.data.byteOffset, p.data.byteLength)])); const o = f.replace('.pam', '.png'); execFileSync('convert', [f, '-alpha', 'off', o]); return o; };
const ba = (a, b) => Number(execFileSync('butteraugli', [a, b], { encoding: 'utf8' }).trim());
const sources = await webpSources(bench, (process.env.PHOTOS ?? 'astronaut,chelsea,coffee,hubble,gravel,retina').split(','));
const variants = JSON.parse(process.argv[2]);
const EDITS = (process.env.EDITS ?? 'resave,crop,rotate').split(',');
const edit = { resave: (p) => p, crop: (p) => m.cropPixels(p, { x: 12, y: 6, width: p.width - 12 - 21, height: p.height - 6 - 11 }), rotate: (p) => m.applyOrientation(p, 6), r180odd: (p) => m.applyOrientation(m.cropPixels(p, { x: 0, y: 0, width: p.width - 1, height: p.height - 1 }), 3) };
const agg = variants.map(() => ({ max: 0, s: 0, n: 0, size: 0, ps: [], ms: 0, s2min: 100 }));
for (const s of sources) {
  const input = await decode(s.bytes);
  let line = s.name;
  for (const e of EDITS) {
    const ref = edit[e](input);
    const refPng = toPng(ref);
    const restored = m.restoreWebpChroma(ref);
    line += ` | ${e}`;
    for (const [i, v] of variants.entries()) {
      const t0 = performance.now();
      const bytes = await encode(v.restore === false ? ref : restored, v.o);
      agg[i].ms += performance.now() - t0;
      const out = await decode(bytes);
      const outPng = toPng(out); const b = ba(refPng, outPng);
      const a = agg[i]; a.max = Math.max(a.max, b); a.over = (a.over ?? 0) + (b > 1 ? 1 : 0); a.s += b; a.n++; a.size += Math.log(bytes.length / s.bytes.length);
      const s2 = m.ssimulacra2(ref, out); a.s2min = Math.min(a.s2min, s2); let se = 0; for (let j = 0; j < ref.data.length; j++) if ((j & 3) !== 3) se += (ref.data[j] - out.data[j]) ** 2; const psnr = 10 * Math.log10(255 * 255 / (se / (ref.data.length * 3 / 4)));
      line += ` ${v.name}:${b.toFixed(3)}/${s2.toFixed(2)}/${psnr.toFixed(2)}/${(bytes.length / s.bytes.length).toFixed(3)}`;
    }
  }
  console.log(line);
}
for (const [i, v] of variants.entries()) console.log(`== ${v.name}: BA mean ${(agg[i].s / agg[i].n).toFixed(3)} max ${agg[i].max.toFixed(3)} size x${Math.exp(agg[i].size / agg[i].n).toFixed(2)}, SSIMULACRA 2 min ${agg[i].s2min.toFixed(2)}, over 1.0: ${agg[i].over}, encode ${(agg[i].ms / agg[i].n).toFixed(0)} ms each`);
