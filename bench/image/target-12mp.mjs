#!/usr/bin/env node
// The visual-quality search on 12 MP in Chromium, with and without the butteraugli bound (by hand):
// `node bench/image/target-12mp.mjs [target:bound …]` (default 80 80:3 70:3; the 12 MP photo is run.mjs target's,
// astronaut upscaled to 4000×3000 as a q92 JPEG). Each case runs in a fresh browser, so the renderer's peak
// resident memory (VmHWM, /proc) and CPU time (CDP SystemInfo) are that case's alone; wall time is printed too
// but a shared machine decides it.
import { readFileSync } from 'node:fs';
import { openBench, photos, photoUrl } from './harness.mjs';

const cases = (process.argv.slice(2).length ? process.argv.slice(2) : ['80', '80:3', '70:3']).map((c) => c.split(':').map(Number));
let port = Number(process.env.PORT ?? 5197);
for (const [target, bound] of cases) {
  const { page, call, close } = await openBench(port++);
  const cdp = await page.context().browser().newBrowserCDPSession();
  const renderers = async () => (await cdp.send('SystemInfo.getProcessInfo')).processInfo.filter((p) => p.type === 'renderer');
  const cpu = async () => (await renderers()).reduce((a, p) => a + p.cpuTime, 0);
  const before = await cpu();
  const r = await call(([u, t, d]) => window.bench.targetSpeed(u, t, d), [photoUrl(photos[0]), target, bound]);
  const seconds = (await cpu()) - before;
  const peak = Math.max(...(await renderers()).map((p) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${p.id}/status`, 'utf8'))?.[1] ?? 0)));
  console.log(
    `12 MP target ${target}${bound ? `, butteraugli ≤ ${bound}` : ''}: renderer CPU ${seconds.toFixed(1)} s (wall ${r.seconds.toFixed(1)} s), peak RSS ${(peak / 1024).toFixed(0)} MB; ` +
      `${r.bytes} B at quality ${r.quality}, SSIMULACRA 2 ${r.score.toFixed(2)}${r.distance !== undefined ? `, estimated butteraugli ${r.distance.toFixed(2)}` : ''}${r.reached ? '' : ' (missed)'}`,
  );
  await close();
}
