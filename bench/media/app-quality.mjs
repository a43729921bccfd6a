// The built app's default video path (x264 at a searched CRF in ffmpeg.wasm, issue 26) on the clips of clips.mjs,
// through the page as a user drives it (headless Chromium): bytes, the SSIM the row states, the SSIM ffmpeg measures
// on every frame against the input, and the seconds the row took. `npm run build && node bench/media/app-quality.mjs
// [quality] [clip,clip…]` (DIST=<dir> for another build).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, freshProfileDir } from '../../e2e/support/chromium.mjs';
import { createServer } from '../../scripts/serve.mjs';
import { makeClips } from './clips.mjs';

const quality = process.argv[2] ?? 'medium';
const clips = makeClips();
const names = (process.argv[3] ?? Object.keys(clips).join(',')).split(',');
const server = createServer(path.resolve(process.env.DIST ?? 'dist'));
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const context = await chromium.launchPersistentContext(freshProfileDir(), { executablePath: chromiumPath(), args: CHROMIUM_ARGS, acceptDownloads: true, baseURL: `http://127.0.0.1:${server.address().port}` });
const page = context.pages()[0] ?? (await context.newPage());
const out = mkdtempSync(path.join(tmpdir(), 'app-quality-'));
await page.goto('/video/video-compress?lng=en');
await page.getByTestId('quality').selectOption(quality).catch(() => undefined);
for (const name of names) {
  const source = clips[name];
  await page.getByTestId('clear-all').click().catch(() => undefined);
  await page.getByTestId('file-input').setInputFiles([source]);
  const t = performance.now();
  await page.getByTestId('start').click();
  await page.waitForSelector('[data-testid="result-row"][data-status="done"], [data-testid="result-row"][data-status="error"]', { timeout: 900_000 });
  const seconds = (performance.now() - t) / 1000;
  const row = (await page.getByTestId('result-row').innerText()).replace(/\s+/g, ' ');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download').click()]);
  const file = path.join(out, `${name}.mp4`);
  await download.saveAs(file);
  const log = execFileSync('sh', ['-c', `ffmpeg -nostats -i "${file}" -i "${source}" -lavfi "[0:v][1:v]ssim" -f null - 2>&1 | grep -o 'All:[0-9.]*' | tail -1`], { encoding: 'utf8' });
  const video = Number(execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=bit_rate', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
  console.log(`${name}: ${statSync(source).size} → ${statSync(file).size} bytes (video ${Math.round(video / 1000)} kbit/s), SSIM ${log.trim().slice(4)} (ffmpeg, all frames), ${seconds.toFixed(1)} s; row: ${row}`);
}
writeFileSync(path.join(out, 'done'), '');
await context.close();
server.close();
