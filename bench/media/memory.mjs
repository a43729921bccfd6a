#!/usr/bin/env node
// Peak memory and time of a big video job, run by hand after `npm run build` (or DIST=<dir>) (needs Debian's ffmpeg
// and Chromium):
//   node bench/media/memory.mjs [seconds] [compress|trim]
// Makes a 1080p H.264 clip at 130 Mbit/s with native ffmpeg (30 s ≈ 500 MB, 62 s ≈ 1 GB) and runs it through the
// real UI of the built app: the video compressor (medium, MP4), or the video trim (10 s to 10 s before the end kept,
// packets copied). Samples, every 250 ms, the resident memory of all Chromium processes and the page's JS heap, and
// prints the peaks above the idle page's next to the input and output sizes: the input is streamed from the File
// and the output streamed to OPFS, so neither should sit in memory.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createServer } from '../../scripts/serve.mjs';
import { CHROMIUM_ARGS, chromiumPath, freshProfileDir } from '../../e2e/support/chromium.mjs';
import { loadavg } from './harness.mjs';

const SECONDS = Number(process.argv[2] ?? 30);
const TOOL = process.argv[3] ?? 'compress';
// Made once per length and kept in the temp folder: a 1 GB clip takes longer to make than the job takes.
const src = path.join(tmpdir(), `localkit-bench-memory-${SECONDS}s.mp4`);
if (!existsSync(src)) {
  console.log(`making ${SECONDS} s of 1080p at 130 Mbit/s with native ffmpeg…`);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${SECONDS},noise=alls=20:allf=t`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '130M', '-maxrate', '130M', '-bufsize', '130M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', `${src}.part.mp4`]);
  renameSync(`${src}.part.mp4`, src);
}
const inputMB = statSync(src).size / 1e6;

/** Resident memory (MB) of a process and all its descendants, in all and by Chromium process type. */
function treeRss(pid) {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => {
      const [p, pp, rss, ...args] = l.trim().split(/\s+/);
      return { pid: Number(p), ppid: Number(pp), mb: Number(rss) / 1024, type: args.join(' ').match(/--type=([\w-]+)/)?.[1] ?? 'browser' };
    });
  const children = new Map();
  for (const row of table) children.set(row.ppid, [...(children.get(row.ppid) ?? []), row]);
  const byType = {};
  const kinds = { anon: 0, file: 0, shmem: 0 };
  let total = 0;
  const stack = table.filter((r) => r.pid === pid);
  while (stack.length) {
    const r = stack.pop();
    total += r.mb;
    byType[r.type] = (byType[r.type] ?? 0) + r.mb;
    for (const [kind, mb] of Object.entries(rssKinds(r.pid))) kinds[kind] += mb;
    stack.push(...(children.get(r.pid) ?? []));
  }
  return { total, byType, kinds };
}

/** A process's resident memory split into private (anon), mapped files and shared memory, MB (/proc/PID/status). */
function rssKinds(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm'))?.[1] ?? 0) / 1024;
    return { anon: kb('RssAnon'), file: kb('RssFile'), shmem: kb('RssShmem') };
  } catch {
    return { anon: 0, file: 0, shmem: 0 };
  }
}

const server = createServer(path.resolve(process.env.DIST ?? 'dist'));
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const profile = freshProfileDir();
const browser = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, acceptDownloads: true });
// The browser process is the one started with our fresh profile whose parent is not.
const pids = execFileSync('pgrep', ['-f', profile], { encoding: 'utf8' }).trim().split('\n').map(Number);
const pid = Math.min(...pids);
const page = browser.pages()[0] ?? (await browser.newPage());
const cdp = await browser.newCDPSession(page);
await cdp.send('Performance.enable');
const heapMB = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'JSHeapUsedSize').value / 1e6;
await page.goto(`http://127.0.0.1:${server.address().port}/video/video-${TOOL}`);
await page.getByTestId('file-input').waitFor({ state: 'attached' });
await page.waitForTimeout(2000);
const idleTree = treeRss(pid);
const idle = { rss: idleTree.total, heap: await heapMB(), byType: idleTree.byType, kinds: idleTree.kinds };
let peak = { rss: idle.rss, heap: idle.heap, byType: { ...idle.byType }, kinds: { ...idle.kinds } };
const sampler = setInterval(async () => {
  const tree = treeRss(pid);
  const heap = await heapMB().catch(() => 0);
  peak.rss = Math.max(peak.rss, tree.total);
  peak.heap = Math.max(peak.heap, heap);
  for (const [type, mb] of Object.entries(tree.byType)) peak.byType[type] = Math.max(peak.byType[type] ?? 0, mb);
  for (const [kind, mb] of Object.entries(tree.kinds)) peak.kinds[kind] = Math.max(peak.kinds[kind], mb);
}, 250);
await page.getByTestId('file-input').setInputFiles(src);
if (TOOL === 'trim') {
  await page.getByTestId('timeline').waitFor();
  for (const [field, value] of [['trim-start', '10'], ['trim-end', String(SECONDS - 10)]]) {
    await page.getByTestId(field).fill(value);
    await page.getByTestId(field).press('Enter');
  }
}
// What the page holds with the file open (the trim's player and frame strip), before the job: the peak is printed
// above this too, so the job's own memory is told apart from the preview's.
if (TOOL === 'trim') await page.waitForSelector('[data-testid="thumbnails"][data-complete="true"]', { timeout: 5 * 60_000 });
await page.waitForTimeout(3000);
const readyTree = treeRss(pid);
const ready = { rss: readyTree.total, byType: readyTree.byType, kinds: readyTree.kinds };
peak.rss = ready.rss;
peak.kinds = { ...ready.kinds };
peak.byType = { ...ready.byType };
// From the click: what the user waits for (the file was picked before).
const started = performance.now();
await page.getByTestId('start').click();
const row = page.getByTestId('result-row');
await page.waitForFunction(() => ['done', 'error'].includes(document.querySelector('[data-testid="result-row"]')?.getAttribute('data-status') ?? ''), null, { timeout: 30 * 60_000, polling: 1000 });
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const status = await row.getAttribute('data-status');
const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('download').click()]);
const outputPath = await download.path();
const outputMB = statSync(outputPath).size / 1e6;
if (TOOL === 'trim') {
  const probe = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', outputPath], { encoding: 'utf8' }).trim();
  console.log(`trim output: ${probe} s long (kept 10–${SECONDS - 10} s of ${SECONDS} s, cut on key frames)`);
}
console.log(`input ${inputMB.toFixed(0)} MB → output ${outputMB.toFixed(1)} MB (${status}) in ${seconds.toFixed(0)} s, ${(await row.innerText()).match(/encoded by[^\n]*/)?.[0] ?? 'encoder not named'}; load ${loadavg()}`);
console.log(`peak above the idle page: all Chromium processes +${(peak.rss - idle.rss).toFixed(0)} MB resident (idle ${idle.rss.toFixed(0)} MB); page JS heap ${peak.heap.toFixed(1)} MB (idle ${idle.heap.toFixed(1)} MB)`);
console.log(`with the file open, before the job: +${(ready.rss - idle.rss).toFixed(0)} MB above idle; the job's peak above that: +${(peak.rss - ready.rss).toFixed(0)} MB (renderer +${((peak.byType.renderer ?? 0) - (ready.byType.renderer ?? 0)).toFixed(0)} MB)`);
console.log(`by kind, peak above idle: ${Object.entries(peak.kinds).map(([kind, mb]) => `${kind} +${(mb - idle.kinds[kind]).toFixed(0)} MB`).join(', ')}`);
console.log(`by process type, peak above idle: ${Object.entries(peak.byType).map(([type, mb]) => `${type} +${(mb - (idle.byType[type] ?? 0)).toFixed(0)} MB`).join(', ')}`);
await browser.close();
server.close();
