#!/usr/bin/env node
// A guetzli-style adaptive pass over MozJPEG's coefficients, judged by two metrics (by hand, issue 33):
// `VARIANTS='[{…}, …]' node bench/image/jpeg-adaptive.mjs [photo,…] [q,…]`. Each photo is encoded as the app does
// (encodeImage, MozJPEG) at each quality; its coefficients (jpeg-dct/parse.ts) are shrunk block by block — `shrink`:
// level 1 zeroes trailing ±1, 2 also every ±1 from zig-zag 10, 3 every ±1 from zig-zag 3 and trailing ±2 — and
// written back (jpeg-dct/write.ts: sequential, optimised Huffman). A variant picks levels per 8×8 luma tile by the
// butteraugli stand-in's headroom (`levels`: [[share of the worst tile, level], …]), demoting tiles whose local
// estimate grows over `cap` × the worst (or `relCap` × their own) for `rounds` re-decodes; `noLuma`/`noChroma`,
// `chromaBoost` (chroma levels up); `oracle`: 64×64 regions tried in turn at `levels` (a list) and kept only where
// Debian butteraugli's max does not grow (the ceiling of any guide). Judged against the app's own MozJPEG curve
// (qualities CURVE_Q, cached in os.tmpdir()/jpeg-adaptive) at equal butteraugli max and at equal SSIMULACRA 2,
// the pass's bytes taken as written (sequential) and as `jpegtran -progressive -optimize` makes them. Canvas JPEG's
// points come from two-metrics.mjs's cache (run it first); the reference is the browser's decoding cached there.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encode as encodePng } from 'fast-png';
import { bundleForNode, root } from './bundle-for-node.mjs';
import { cacheDir, rgba } from './cached-points.mjs';
import { bytesToReach } from './metrics.mjs';

const m = await bundleForNode(`
export { loadCodecWasmInNode } from '${root}/src/engines/codecs/node-wasm.testing.ts';
export { decodeImage } from '${root}/src/engines/codecs/decode.ts';
export { encodeImage } from '${root}/src/engines/codecs/encode.ts';
export { readCoefficients } from '${root}/src/engines/codecs/jpeg-dct/parse.ts';
export { writeCoefficients } from '${root}/src/engines/codecs/jpeg-dct/write.ts';
export { EstimateReference } from '${root}/src/engines/codecs/butteraugli-proxy.ts';
export { ssimulacra2Reference } from '${root}/src/engines/codecs/ssimulacra2.ts';
${process.env.MODULE ? `export { adaptJpeg } from '${root}/src/engines/codecs/jpeg-adaptive.ts';` : ''}
`, 'localkit-bench-jpeg-adaptive');
m.loadCodecWasmInNode();

const hash = (x) => createHash('sha1').update(x).digest('hex');
const work = path.join(tmpdir(), 'jpeg-adaptive');
mkdirSync(work, { recursive: true });
const [photoArg = 'rocket,ihc,hubble,chelsea', qArg = '70,80'] = process.argv.slice(2);
const CURVE_Q = [50, 55, 60, 62, 64, 65, 66, 68, 70, 72, 74, 76, 78, 80, 82, 84, 86, 88, 90, 92, 94];
const ZZ = [0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63];

const butteraugli = (png) => Number(execFileSync('butteraugli', [png.ref, png.file]).toString().trim());
const jpegtranProg = (bytes) => {
  const f = path.join(work, 'in.jpg');
  writeFileSync(f, bytes);
  return execFileSync('jpegtran', ['-progressive', '-optimize', '-copy', 'none', f]).length;
};

async function judge(refPng, original, score, bytes, tag) {
  const d = await m.decodeImage(bytes, 'jpeg', 'image/jpeg');
  const file = path.join(work, `${tag}.png`);
  writeFileSync(file, encodePng({ width: d.width, height: d.height, data: d.data, channels: 4 }));
  return { decoded: d, distance: butteraugli({ ref: refPng, file }), score: score(d) };
}

/** Zero coefficients of one block by level: 1 trailing ±1, 2 every ±1 from zig-zag 10, 3 every ±1 from 3 and trailing ±2. */
function shrink(src, dst, o, level) {
  for (let k = 0; k < 64; k++) dst[o + k] = src[o + k];
  if (level <= 0) return;
  if (level >= 2) {
    const from = level >= 3 ? 3 : 10;
    for (let k = from; k < 64; k++) if (Math.abs(dst[o + ZZ[k]]) === 1) dst[o + ZZ[k]] = 0;
  }
  const cap = level >= 3 ? 2 : 1;
  for (let k = 63; k >= 1; k--) {
    const v = Math.abs(dst[o + ZZ[k]]);
    if (v === 0) continue;
    if (v > cap) break;
    dst[o + ZZ[k]] = 0;
  }
}

const LEVELS = [[0.7, 1], [0.5, 2], [0.35, 3]];
/**
 * Every block of `img0` shrunk into `img` at the lowest level of the luma tiles it covers (`level`, `ta` × `th` tiles;
 * `outside` where it covers none); chroma `chromaBoost` levels up (at most 3), `noChroma` / `noLuma` leave them as
 * they are.
 */
function shrinkByTiles(img0, img, level, ta, th, opts) {
  img0.components.forEach((c, ci) => {
    const sx = img0.hmax / c.h, sy = img0.vmax / c.v;
    for (let by = 0; by < c.blocksH; by++)
      for (let bx = 0; bx < c.blocksW; bx++) {
        let l = 9;
        for (let y = by * sy; y < (by + 1) * sy; y++) for (let x = bx * sx; x < (bx + 1) * sx; x++) if (x < ta && y < th) l = Math.min(l, level[y * ta + x]);
        if (l === 9) l = opts.outside;
        if (ci > 0) l = Math.min(3, l + (opts.chromaBoost ?? 0));
        if (ci > 0 && opts.noChroma) l = 0;
        if (ci === 0 && opts.noLuma) l = 0;
        shrink(c.coeffs, img.components[ci].coeffs, (by * c.blocksW + bx) * 64, l);
      }
  });
}

async function adapt(img0, original, opts) {
  const ref = new m.EstimateReference(original, 8);
  const d0 = await m.decodeImage(m.writeCoefficients(img0), 'jpeg', 'image/jpeg');
  const w0 = ref.worst(d0);
  const tiles0 = Float32Array.from(ref.tileWorst);
  const ta = ref.tilesAcross;
  const th = Math.ceil(original.height / 8);
  const img = { ...img0, components: img0.components.map((c) => ({ ...c, coeffs: Int16Array.from(c.coeffs) })) };
  // Level per luma tile.
  const level = new Int8Array(tiles0.length);
  for (let t = 0; t < tiles0.length; t++) for (const [f, l] of opts.levels ?? LEVELS) if (tiles0[t] <= f * w0) level[t] = l;
  const apply = () => shrinkByTiles(img0, img, level, ta, th, { ...opts, outside: 3 });
  let bytes, worst;
  for (let round = 0; round < (opts.rounds ?? 4); round++) {
    apply();
    bytes = m.writeCoefficients(img);
    const d = await m.decodeImage(bytes, 'jpeg', 'image/jpeg');
    worst = ref.worst(d);
    let demoted = 0;
    for (let t = 0; t < tiles0.length; t++)
      if (level[t] > 0 && ref.tileWorst[t] > (opts.relCap ? opts.relCap * tiles0[t] : Math.max(tiles0[t], (opts.cap ?? 0.85) * w0))) {
        level[t]--;
        demoted++;
      }
    if (!demoted && worst <= w0) break;
  }
  return { bytes, note: `proxy ${w0.toFixed(4)}→${worst.toFixed(4)}` };
}

/**
 * The ceiling with butteraugli itself as the guide: 64×64 regions, easiest first (the proxy's tile headroom), each
 * given level `levels[0]`, else `levels[1]`, … and kept only where Debian butteraugli's max does not grow.
 */
async function oracle(img0, original, refPng, opts) {
  const { width: w, height: h } = original;
  const ta = Math.ceil(w / 8), th = Math.ceil(h / 8);
  const level = new Int8Array(ta * th);
  const img = { ...img0, components: img0.components.map((c) => ({ ...c, coeffs: Int16Array.from(c.coeffs) })) };
  const build = () => {
    shrinkByTiles(img0, img, level, ta, th, { noChroma: opts.noChroma, noLuma: opts.noLuma, outside: 0 });
    return m.writeCoefficients(img);
  };
  const dist = async (bytes) => {
    const d = await m.decodeImage(bytes, 'jpeg', 'image/jpeg');
    const file = path.join(work, `oracle-${process.pid}.png`);
    writeFileSync(file, encodePng({ width: d.width, height: d.height, data: d.data, channels: 4 }));
    return butteraugli({ ref: refPng, file });
  };
  const d0 = await dist(build());
  const R = 8;
  const regions = [];
  for (let ry = 0; ry < th; ry += R) for (let rx = 0; rx < ta; rx += R) regions.push([rx, ry]);
  let runs = 0;
  for (const [rx, ry] of regions) {
    for (const l of opts.levels) {
      for (let y = ry; y < Math.min(th, ry + R); y++) for (let x = rx; x < Math.min(ta, rx + R); x++) level[y * ta + x] = l;
      runs++;
      const dl = await dist(build());
      if (process.env.ORACLE_LOG) console.log(`    region ${rx},${ry} level ${l}: ${dl} (d0 ${d0})`);
      if (dl <= d0 + 0.005) break;
      for (let y = ry; y < Math.min(th, ry + R); y++) for (let x = rx; x < Math.min(ta, rx + R); x++) level[y * ta + x] = 0;
    }
  }
  let kept = 0;
  for (const l of level) if (l) kept++;
  return { bytes: build(), note: `butteraugli ${runs} runs, ${((100 * kept) / level.length).toFixed(0)} % of blocks shrunk` };
}

const fmt = (x) => (Number.isFinite(x) ? x.toFixed(3) : 'never');
const VARIANTS = JSON.parse(process.env.VARIANTS ?? '[{}]');
for (const name of photoArg.split(',')) {
  const photoFile = (await import('node:fs')).readdirSync(path.join(root, 'bench/image/photos')).find((f) => f.startsWith(name + '.'));
  const pk = hash(readFileSync(path.join(root, 'bench/image/photos', photoFile)));
  const refPng = path.join(cacheDir, `${pk}.png`);
  const original = rgba(refPng);
  const score = m.ssimulacra2Reference(original);
  const curveFile = path.join(work, `curve-${pk}.json`);
  let curve = existsSync(curveFile) ? JSON.parse(readFileSync(curveFile, 'utf8')) : null;
  if (!curve) {
    curve = [];
    for (const q of CURVE_Q) {
      const bytes = await m.encodeImage(original, 'jpeg', { quality: q });
      const j = await judge(refPng, original, score, bytes, `${name}-curve`);
      curve.push({ q, bytes: bytes.length, distance: j.distance, score: j.score });
    }
    writeFileSync(curveFile, JSON.stringify(curve));
  }
  const canvas = (q) => {
    const f = path.join(cacheDir, hash(pk + JSON.stringify({ encoder: 'canvasJpeg', q })) + '.json');
    return existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : { bytes: NaN, distance: NaN, score: NaN };
  };
  for (const q of qArg.split(',').map(Number)) {
    const cv = canvas(q);
    const moz = await m.encodeImage(original, 'jpeg', { quality: q });
    const img0 = m.readCoefficients(moz);
    const seq0 = m.writeCoefficients(img0);
    const j0 = await judge(refPng, original, score, moz, `${name}-q${q}-moz`);
    const prog0 = jpegtranProg(seq0);
    console.log(`${name} q${q}: canvas q${q} ${cv.bytes} B ${cv.distance.toFixed(2)}/${cv.score.toFixed(1)}; mozjpeg ${moz.length} B (seq rewrite ${seq0.length} ×${(seq0.length / moz.length).toFixed(3)}, jpegtran prog ${prog0} ×${(prog0 / moz.length).toFixed(3)}) ba ${j0.distance.toFixed(2)} s2 ${j0.score.toFixed(1)}; moz bytes@canvas ba ÷ canvas ${fmt(bytesToReach(curve, 'distance', cv.distance) / cv.bytes)}`);
    for (const v of VARIANTS) {
      const cpu0 = process.cpuUsage();
      const r = v.oracle ? await oracle(img0, original, refPng, v) : await adapt(img0, original, v);
      const cpu = process.cpuUsage(cpu0);
      const prog = jpegtranProg(r.bytes);
      const j = await judge(refPng, original, score, r.bytes, `${name}-q${q}-adapt`);
      // Equal-metric comparisons against MozJPEG's curve (its own progressive bytes); ours as sequential and as jpegtran progressive, and the rewrite-relative saving.
      const atBa = bytesToReach(curve, 'distance', j.distance);
      const atS2 = bytesToReach(curve, 'score', j.score);
      console.log(`  ${JSON.stringify(v)} ${r.bytes.length} B seq (${(r.bytes.length / seq0.length).toFixed(3)} of rewrite), prog ${prog} (${(prog / prog0).toFixed(3)}), ba ${j.distance.toFixed(2)} (moz ${j0.distance.toFixed(2)}) s2 ${j.score.toFixed(1)} (${j0.score.toFixed(1)}), ${r.note}, cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms` +
        `\n    ÷ moz curve at equal ba: seq ${fmt(r.bytes.length / atBa)} prog ${fmt(prog / atBa)} | at equal s2: seq ${fmt(r.bytes.length / atS2)} prog ${fmt(prog / atS2)}`);
    }
  }
}
