#!/usr/bin/env node
// An edited lossy WebP saved again (issue 30): how far the untouched pixels move, by encoder setting. Run by hand:
//   [PHOTOS=astronaut,...] node bench/image/webp-resave.mjs '<json list of {name, app?, options?, quality?: "source"|"+N"|"gapF"|N}>'
// {"app": true} runs processImage as the edit tools do (matchQuality); otherwise libwebp's defaults with `options`
// (any WebPConfig field, and "deblur": 1 for the app's restoreWebpChroma) at the source's quality, +N, 100 − F·(100 − source) or N.
// Sources: bench/image/photos (lossless) made lossy by libwebp's defaults at 75 and 90 (as cwebp -q makes them),
// plus the fixtures rocket.webp and coffee-q70/q95.webp. Each source is (a) saved again as it is (a watermark's
// far pixels), (b) cropped at an offset off the 16-pixel grid, (c) turned 90°. Judges: Debian's butteraugli on
// ImageMagick's decodings (PNG) and SSIMULACRA 2 (the app's) on libwebp's; sizes as a ratio to the input.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadWebpBench, webpSources } from './webp-bench.mjs';

const bench = await loadWebpBench('localkit-bench-webp-resave');
const { m, enc, decode } = bench;
const tmp = mkdtempSync(path.join(tmpdir(), 'webp-resave-'));
const DEFAULTS = { method: 4 };
const encode = async (p, options) => { const { deblur: d, ...o } = options; const q = d ? m.restoreWebpChroma(p) : p; return new Uint8Array(await enc(new ImageData(q.data, q.width, q.height), { ...DEFAULTS, ...o })); };

let n = 0;
function png(bytes, crop) {
  const w = path.join(tmp, `${n++}.webp`);
  const p = path.join(tmp, `${n++}.png`);
  writeFileSync(w, bytes);
  execFileSync('convert', [w, ...(crop ?? []), '+repage', p]);
  return p;
}
const butteraugli = (a, b) => Number(execFileSync('butteraugli', [a, b], { encoding: 'utf8' }).trim());

const sources = await webpSources(bench, (process.env.PHOTOS ?? 'astronaut,chelsea,coffee,hubble').split(','));

const variants = JSON.parse(process.argv[2] ?? '[{"name":"source q, libwebp defaults"}]');
// As the app does it (processImage, quality read from the file): {"name": "app", "app": true}.
const JOBS = {
  resave: (p) => ({ crop: { x: 0, y: 0, width: p.width, height: p.height } }),
  crop: (p) => ({ crop: { x: 13, y: 7, width: p.width - 13 - 21, height: p.height - 7 - 11 } }),
  cropEven: (p) => ({ crop: { x: 14, y: 8, width: p.width - 14 - 20, height: p.height - 8 - 10 } }),
  rotate: () => ({ transform: { angle: 90, flipH: false, flipV: false } }),
};
const edits = {
  resave: (p) => ({ out: p, ref: p, crop: null }),
  crop: (p) => {
    const box = { x: 13, y: 7, width: p.width - 13 - 21, height: p.height - 7 - 11 };
    return { out: m.cropPixels(p, box), crop: ['-crop', `${box.width}x${box.height}+${box.x}+${box.y}`] };
  },
  cropEven: (p) => {
    const box = { x: 14, y: 8, width: p.width - 14 - 20, height: p.height - 8 - 10 };
    return { out: m.cropPixels(p, box), crop: ['-crop', `${box.width}x${box.height}+${box.x}+${box.y}`] };
  },
  rotate: (p) => ({ out: m.applyOrientation(p, 6), crop: ['-rotate', '90'] }),
};
for (const v of variants) {
  const rows = [];
  for (const s of sources) {
    const found = m.webpSource(s.bytes);
    if (!found) { console.log(`${s.name}: no quality read`, s.bytes.length, Buffer.from(s.bytes.subarray(0, 40)).toString("hex")); continue; }
    const q = v.quality === undefined || v.quality === 'source' ? found.quality : typeof v.quality === "string" && v.quality.startsWith("gap") ? Math.round(100 - (100 - found.quality) * Number(v.quality.slice(3))) : typeof v.quality === "string" ? Math.min(100, found.quality + Number(v.quality)) : v.quality;
    const input = await decode(s.bytes);
    const row = { src: s.name, q };
    for (const [edit, f] of Object.entries(edits)) {
      const e = f(input);
      const done = v.app ? await m.processImage(s.bytes, { output: 'keep', quality: 85, matchQuality: true, ...JOBS[edit](input) }) : null;
      const bytes = done ? done.bytes : await encode(e.out, { ...v.options, quality: q });
      // The app may cut elsewhere than asked (a lossy WebP's crop starts on its 2 px colour grid): judged against the box it cut.
      const box = done?.cropped;
      const ref = edit === 'resave' ? input : box ? m.cropPixels(input, box) : e.out;
      const refPng = png(s.bytes, box ? ['-crop', `${box.width}x${box.height}+${box.x}+${box.y}`] : e.crop);
      const outPng = png(bytes);
      const ba = butteraugli(refPng, outPng);
      const ss = m.ssimulacra2(ref, await decode(bytes));
      const psnr = Number(execFileSync('sh', ['-c', `compare -metric PSNR "${refPng}" "${outPng}" null: 2>&1; true`], { encoding: 'utf8' }).trim().split(' ')[0]);
      row[edit] = { ba, ss, psnr, ratio: bytes.length / s.bytes.length };
    }
    rows.push(row);
    console.log(`${v.name} | ${s.name} q${q} | ` + Object.keys(edits).map((k) => `${k} BA ${row[k].ba.toFixed(2)} S2 ${row[k].ss.toFixed(1)} PSNR ${row[k].psnr.toFixed(1)} size ${row[k].ratio.toFixed(2)}`).join(' | '));
  }
  const mean = (f) => rows.reduce((s, r) => s + f(r), 0) / rows.length;
  const max = (f) => Math.max(...rows.map(f));
  const gmean = (f) => Math.exp(rows.reduce((s, r) => s + Math.log(f(r)), 0) / rows.length);
  console.log(`== ${v.name}: ` + Object.keys(edits).map((k) => `${k} BA mean ${mean((r) => r[k].ba).toFixed(2)} max ${max((r) => r[k].ba).toFixed(2)}, S2 mean ${mean((r) => r[k].ss).toFixed(1)} min ${Math.min(...rows.map((r) => r[k].ss)).toFixed(1)}, PSNR mean ${mean((r) => r[k].psnr).toFixed(1)} min ${Math.min(...rows.map((r) => r[k].psnr)).toFixed(1)}, size x${gmean((r) => r[k].ratio).toFixed(2)}`).join(' | '));
}
