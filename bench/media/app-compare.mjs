// The built app's video compressor on the clips of clips.mjs (issue 26), driven through the page as a user drives it
// (headless Chromium), beside native x264 veryfast run in the same command:
// - a quality level: the row's bytes and SSIM (ffmpeg, every frame, against the input), and the bytes native x264
//   veryfast needs for that SSIM (CRF 18-34 swept, log bytes read off the curve), as a ratio;
// - a target size (TARGETS=0.25,0.1: fractions of the input): the size asked, the size made, and the miss in %.
// `npm run build && CONTAINER=webm SPEED=smallest node bench/media/app-compare.mjs [clip,clip…]`,
// `MODE=size TARGETS=0.25,0.1 node bench/media/app-compare.mjs dark,screen` (DIST=<dir> for another build).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
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

/** Native x264 veryfast's video bytes at `target` SSIM on `source` (CRF 18-34, log bytes linear between CRFs). */
function x264BytesAt(name, source, target) {
  const points = [18, 22, 26, 30, 34].map((crf) => {
    const out = path.join(tmp, `${name}-x264-${crf}.mp4`);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', source, '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(crf), '-pix_fmt', 'yuv420p', out]);
    return { bytes: videoBytes(out), ssim: ssim(out, source) };
  });
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i], points[i + 1]];
    if ((a.ssim - target) * (b.ssim - target) <= 0 && a.ssim !== b.ssim) return Math.exp(Math.log(a.bytes) + ((a.ssim - target) / (a.ssim - b.ssim)) * Math.log(b.bytes / a.bytes));
  }
  return undefined;
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
  await page.getByTestId('start').click();
  await page.waitForSelector('[data-testid="result-row"][data-status="done"], [data-testid="result-row"][data-status="error"]', { timeout: 1_800_000 });
  const seconds = (performance.now() - t) / 1000;
  // The browser's CPU time to the finished file (every process of it): what a busy machine's wall time hides.
  const cpu = treeCpuSeconds() - cpu0;
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
    console.log(`${name}: ${inSize} → ${statSync(r.file).size} bytes (video ${v}), SSIM ${s.toFixed(4)} (level ${aimed}: ${s - aimed >= 0 ? '+' : ''}${(s - aimed).toFixed(4)}), ${r.seconds.toFixed(1)} s (CPU ${r.cpu.toFixed(1)} s); x264 veryfast at that SSIM ${x ? Math.round(x) + ` → ${(v / x).toFixed(2)}x` : 'out of range'}; load ${loadavg()}\n  row: ${r.row}`);
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
