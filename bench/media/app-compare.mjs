// The built app's video compressor on the clips of clips.mjs (issue 26), driven through the page as a user drives it
// (headless Chromium), beside native x264 veryfast run in the same command:
// - a quality level: the row's bytes and SSIM (ffmpeg, every frame, against the input), and the bytes native x264
//   veryfast needs for that SSIM (CRF 18-34 swept, log bytes read off the curve), as a ratio;
// - a target size (TARGETS=0.25,0.1: fractions of the input): the size asked, the size made, and the miss in %.
// `npm run build && CONTAINER=webm SPEED=smallest node bench/media/app-compare.mjs [clip,clip…]`,
// `MODE=size TARGETS=0.25,0.1 node bench/media/app-compare.mjs dark,screen` (DIST=<dir> for another build).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, freshProfileDir } from '../../e2e/support/chromium.mjs';
import { createServer } from '../../scripts/serve.mjs';
import { makeClips } from './clips.mjs';
import { loadavg, treeCpuSeconds } from './harness.mjs';

const env = process.env;
const container = env.CONTAINER ?? 'mp4';
const mode = env.MODE ?? 'quality';
const quality = env.QUALITY ?? 'medium';
const speed = env.SPEED ?? 'smallest';
const targets = (env.TARGETS ?? '0.25,0.1').split(',').map(Number);
const clips = makeClips();
const names = (process.argv[2] ?? Object.keys(clips).join(',')).split(',');
const tmp = mkdtempSync(path.join(tmpdir(), 'app-compare-'));

// Frame for frame on one time base: WebM keeps whole milliseconds, and ffmpeg's timestamp sync then pairs a frame at
// 33 ms with the source's frame before 33.3 ms (the WebM rows of this README before 2026-11-29 12:00 were judged so).
const ssim = (file, source) =>
  Number(execFileSync('sh', ['-c', `ffmpeg -nostats -i "${file}" -i "${source}" -lavfi "[0:v]settb=1/1000,setpts=N*33[a];[1:v]settb=1/1000,setpts=N*33[b];[a][b]ssim" -an -f null - 2>&1 | grep -o 'All:[0-9.]*' | tail -1`], { encoding: 'utf8' }).trim().slice(4));
const videoBytes = (file) => execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=size', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim().split('\n').reduce((a, b) => a + Number(b), 0);

/** CPU seconds (user + system) of one native command, by GNU time. */
function cpuOf(args) {
  const file = path.join(tmp, 'time.txt');
  execFileSync('/usr/bin/time', ['-f', '%U %S', '-o', file, ...args]);
  return readFileSync(file, 'utf8').trim().split('\n').pop().split(' ').map(Number).reduce((a, b) => a + b, 0);
}

/**
 * Native x264 veryfast's video bytes at `target` SSIM on `source` (CRF 18-34, log bytes linear between CRFs), and the
 * CPU seconds of its encode there (the same interpolation): the whole file, sound left out.
 */
function x264BytesAt(name, source, target) {
  const points = [18, 22, 26, 30, 34].map((crf) => {
    const out = path.join(tmp, `${name}-x264-${crf}.mp4`);
    const cpu = cpuOf(['ffmpeg', '-v', 'error', '-y', '-i', source, '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(crf), '-pix_fmt', 'yuv420p', out]);
    return { bytes: videoBytes(out), ssim: ssim(out, source), cpu };
  });
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i], points[i + 1]];
    if ((a.ssim - target) * (b.ssim - target) <= 0 && a.ssim !== b.ssim) {
      const t = (a.ssim - target) / (a.ssim - b.ssim);
      return { bytes: Math.exp(Math.log(a.bytes) + t * Math.log(b.bytes / a.bytes)), cpu: a.cpu + t * (b.cpu - a.cpu) };
    }
  }
  return undefined;
}

/** CPU seconds at each of the quality path's User Timing marks (quality-encode.ts), from the samples taken. */
function stagesOf(marks, samples) {
  const cpuAt = (t) => {
    const i = samples.findIndex((s) => s.t >= t);
    if (i <= 0) return samples[Math.max(0, i)].cpu;
    const [a, b] = [samples[i - 1], samples[i]];
    return a.cpu + ((t - a.t) / (b.t - a.t)) * (b.cpu - a.cpu);
  };
  return marks.map((m, i) => `${m.name.slice(8)} ${(cpuAt(marks[i + 1]?.t ?? samples.at(-1).t) - cpuAt(m.t)).toFixed(1)}`).join(', ');
}

const server = createServer(path.resolve(env.DIST ?? 'dist'));
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const context = await chromium.launchPersistentContext(freshProfileDir(), { executablePath: chromiumPath(), args: CHROMIUM_ARGS, acceptDownloads: true, baseURL: `http://127.0.0.1:${server.address().port}` });
const page = context.pages()[0] ?? (await context.newPage());
// The media worker's size probe (overshoot.ts) says what it predicted; printed with the row it decided.
// The WebM quality search prints each probe (bit rate → SSIM on the sampled frames) and the rate it chose.
page.on('console', (m) => /^(Size probe|WebM quality)/.test(m.text()) && console.log(`  ${m.text()}`));
await page.goto('/video/video-compress?lng=en');
await page.getByTestId('container').selectOption(container);
await page.getByTestId('mode').selectOption(mode);
if (mode === 'quality') {
  await page.getByTestId('quality').selectOption(quality);
  await page.getByTestId('speed').selectOption(speed);
}
const codecNote = await page.getByTestId('webm-codec').innerText({ timeout: 2000 }).catch(() => '');
console.log(`${container} ${mode} ${mode === 'quality' ? `${quality} ${speed}` : `targets ${targets.join(', ')} of the input`}; load ${loadavg()}${codecNote ? `\n  page: ${codecNote}` : ''}`);

async function runOne(name, source) {
  await page.getByTestId('clear-all').click().catch(() => undefined);
  await page.getByTestId('file-input').setInputFiles([source]);
  const t = performance.now();
  const cpu0 = treeCpuSeconds();
  await page.evaluate(() => performance.clearMarks());
  // The CPU time sampled along the way, so the quality path's marks can be given their share.
  const samples = [{ t: Date.now(), cpu: 0 }];
  const sampler = setInterval(() => samples.push({ t: Date.now(), cpu: treeCpuSeconds() - cpu0 }), 500);
  await page.getByTestId('start').click();
  await page.waitForSelector('[data-testid="result-row"][data-status="done"], [data-testid="result-row"][data-status="error"]', { timeout: 1_800_000 });
  clearInterval(sampler);
  const seconds = (performance.now() - t) / 1000;
  // The browser's CPU time to the finished file (every process of it): what a busy machine's wall time hides.
  const cpu = treeCpuSeconds() - cpu0;
  samples.push({ t: Date.now(), cpu });
  const marks = await page.evaluate(() => performance.getEntriesByType('mark').filter((m) => m.name.startsWith('quality:')).map((m) => ({ name: m.name, t: performance.timeOrigin + m.startTime })));
  if (marks.length) console.log(`  CPU s by stage: ${stagesOf(marks, samples)}`);
  const row = (await page.getByTestId('result-row').innerText()).replace(/\s+/g, ' ');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download').click()]);
  const file = path.join(tmp, `${name}-app-${Date.now()}.${container}`);
  await download.saveAs(file);
  return { file, seconds, cpu, row };
}

for (const name of names) {
  const source = clips[name];
  const inSize = statSync(source).size;
  if (mode === 'quality') {
    const r = await runOne(name, source);
    const s = ssim(r.file, source);
    const v = videoBytes(r.file);
    const x = x264BytesAt(name, source, s);
    const aimed = { high: 0.98, medium: 0.97, low: 0.95 }[quality];
    const vs = x ? `${Math.round(x.bytes)} bytes → ${(v / x.bytes).toFixed(2)}x, CPU ${x.cpu.toFixed(1)} s → ${(r.cpu / x.cpu).toFixed(1)}x` : 'out of range';
    console.log(`${name}: ${inSize} → ${statSync(r.file).size} bytes (video ${v}), SSIM ${s.toFixed(4)} (level ${aimed}: ${s - aimed >= 0 ? '+' : ''}${(s - aimed).toFixed(4)}), ${r.seconds.toFixed(1)} s (CPU ${r.cpu.toFixed(1)} s); x264 veryfast at that SSIM ${vs}; load ${loadavg()}\n  row: ${r.row}`);
  } else {
    for (const f of targets) {
      const mb = Math.round((inSize * f * 1000) / 1024 / 1024) / 1000;
      await page.getByTestId('target-mb').fill(String(mb));
      const r = await runOne(name, source);
      const asked = mb * 1024 * 1024;
      const got = statSync(r.file).size;
      console.log(`${name}: asked ${Math.round(asked)} (${f} of ${inSize}), made ${got} (${(((got - asked) / asked) * 100).toFixed(1)} %), SSIM ${ssim(r.file, source).toFixed(4)}, ${r.seconds.toFixed(1)} s, CPU ${r.cpu.toFixed(1)} s\n  row: ${r.row}`);
    }
  }
}
await context.close();
server.close();
