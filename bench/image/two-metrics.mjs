#!/usr/bin/env node
// Encoder settings against the browser's own encoder, judged by two metrics (by hand):
// `node bench/image/two-metrics.mjs jpeg|webp '<json list of specs>' [photo,...]`. A spec is page.ts's Spec:
// {"rule": {"offsets": [[q, offset], ...], "halveBelow": q}} for MozJPEG with a chroma rule, {"webp": {...}} for
// libwebp options, {"encoder": "mozjpeg"} for the app's encoder as it is. For each photo and each quality of the
// canvas encoder (10, 20, …, 90, 95) it prints the bytes each spec needs to reach canvas's SSIMULACRA 2 score and
// canvas's butteraugli distance ÷ canvas's bytes (S / B), and the butteraugli distances at equal nominal quality.
import { openBench, photos as allPhotos } from './harness.mjs';
import { fmtRatio, geomean, ratiosAtBaseline, scanBoth } from './metrics.mjs';

const [format = 'jpeg', specsJson = '[{"encoder":"mozjpeg"}]', only] = process.argv.slice(2);
const specs = JSON.parse(specsJson);
const photos = only ? allPhotos.filter((p) => only.split(',').includes(p.split('.')[0])) : allPhotos;
const BASE_Q = [10, 20, 30, 40, 50, 60, 70, 80, 90, 95];
const SCAN_Q = (process.env.SCAN_Q ?? '').split(',').filter(Boolean).map(Number);
const CAND_Q = SCAN_Q.length ? SCAN_Q : [8, 10, 12, 14, 16, 18, 20, 22, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 88, 91, 94, 96, 98, 100];
const baseline = { encoder: format === 'webp' ? 'canvasWebp' : 'canvasJpeg' };

const { close, call } = await openBench(Number(process.env.PORT ?? 5197));
const worst = specs.map(() => ({ score: [], distance: [], q30: [] }));
for (const photo of photos) {
  const base = await scanBoth(call, photo, baseline, BASE_Q);
  console.log(`\n${photo}  canvas q: ${base.map((b) => `${b.q}: ${b.bytes} B ${b.score.toFixed(1)}/${b.distance.toFixed(2)}`).join('  ')}`);
  for (const [i, spec] of specs.entries()) {
    const cand = await scanBoth(call, photo, spec, CAND_Q);
    const r = ratiosAtBaseline(base, cand).filter((x) => x.q >= 20);
    worst[i].score.push(...r.map((x) => x.score));
    worst[i].distance.push(...r.map((x) => x.distance));
    const atSameQ = (q) => cand.find((c) => c.q === q) ?? {};
    worst[i].q30.push((atSameQ(30).distance ?? NaN) / base.find((b) => b.q === 30).distance);
    const same = [20, 30].map((q) => `q${q} ${atSameQ(q).distance?.toFixed(2) ?? '-'} vs ${base.find((b) => b.q === q).distance.toFixed(2)}`).join(', ');
    console.log(`  ${JSON.stringify(spec)}\n    S/B ${r.map((x) => `${x.q}: ${fmtRatio(x.score)}/${fmtRatio(x.distance)}`).join('  ')}\n    butteraugli at equal quality: ${same}`);
  }
}
console.log('\nover all photos, canvas qualities 20–95 (geometric mean [worst])');
for (const [i, spec] of specs.entries()) {
  const w = worst[i];
  const fin = (xs) => xs.filter(Number.isFinite);
  console.log(`${JSON.stringify(spec)}\n  SSIMULACRA 2 ${fmtRatio(geomean(fin(w.score)))} [${fmtRatio(Math.max(...w.score))}]  butteraugli ${fmtRatio(geomean(fin(w.distance)))} [${fmtRatio(Math.max(...w.distance))}]  butteraugli at q30 ÷ canvas's: worst ${Math.max(...w.q30.filter(Number.isFinite)).toFixed(2)}`);
}
await close();
