// What the media benchmarks share: the clip, the SSIM judge (Debian's ffmpeg) and a bare cross-origin isolated
// page in headless Chromium that can save files back to the bench's folder.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createServer } from '../../scripts/serve.mjs';
import { CHROMIUM_ARGS, chromiumPath, freshProfileDir } from '../../e2e/support/chromium.mjs';

export const ff = (...args) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** 1, 5 and 15 minute load averages and the core count: the machine is shared, timings need them beside. */
/** The machine's busy CPU time since `from` (a previous reading), as a share of one core: 177 means 1.77 cores busy. */
export function cpuBusy(from) {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const now = { busy: f[0] + f[1] + f[2] + f[5] + f[6], all: f.reduce((a, b) => a + b, 0) };
  const cores = readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm).length;
  return from ? { ...now, percent: Math.round(((now.busy - from.busy) / (now.all - from.all)) * 100 * cores) } : now;
}

/** CPU seconds (user + system) used so far by every live process descended from `root` (a browser and its children). */
export function treeCpuSeconds(root = process.pid) {
  const procs = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(pid), { parent: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // Gone between the listing and the read.
    }
  }
  const inTree = (pid) => {
    for (let p = pid, depth = 0; p > 1 && depth < 50; p = procs.get(p)?.parent ?? 0, depth++) if (p === root) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, p] of procs) if (pid !== root && inTree(pid)) ticks += p.ticks;
  return ticks / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
}

export const loadavg = () => `${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} on ${readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm).length} cores`;

/**
 * The clip: testsrc2 with light temporal noise and a tone, 10 s, 1280×720, 30 fps, near-lossless H.264 with a key
 * frame every second, as phones and cameras write them (the parallel path cuts the timeline at key frames).
 */
export function makeSource(file) {
  ff('-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30:duration=10,noise=alls=3:allf=t', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=10',
    '-c:v', 'libx264', '-crf', '12', '-preset', 'veryfast', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', file);
}

/** SSIM (All) of `file` against `source`, by ffmpeg's ssim filter. */
export function ssimOf(file, source) {
  const log = execFileSync('sh', ['-c', `ffmpeg -hide_banner -i '${file}' -i '${source}' -lavfi '[0:v][1:v]ssim' -f null - 2>&1 | grep -o 'All:[0-9.]*'`], { encoding: 'utf8' });
  return Number(log.trim().split(':')[1]);
}

/** A page served from `www` with the app's headers (COOP/COEP, like the app), mediabunny at /mediabunny.mjs. */
export async function openBenchPage(www, work) {
  mkdirSync(www, { recursive: true });
  writeFileSync(path.join(www, 'index.html'), '<!doctype html><title>bench</title>');
  cpSync('node_modules/mediabunny/dist/bundles/mediabunny.mjs', path.join(www, 'mediabunny.mjs'));
  const server = createServer(www);
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const profile = freshProfileDir();
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.exposeFunction('saveResult', (name, b64) => writeFileSync(path.join(work, name), Buffer.from(b64, 'base64')));
  return {
    page,
    close: async () => {
      await context.close();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** In-page source text that hands `bytes` (a Uint8Array) to saveResult as `name`. */
export const SAVE_IN_PAGE = (name) => `{ let s = ''; for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000)); await window.saveResult('${name}', btoa(s)); }`;

/**
 * mediabunny + WebCodecs with one encoder, as a plain page would use it: `codec` avc (MP4) or vp9/av1 (WebM);
 * `keyFrameInterval` in seconds (mediabunny's default: 5).
 */
export function encodeMediabunny(page, name, codec, bitrate, keyFrameInterval) {
  const webm = codec !== 'avc';
  return page.evaluate(`(async () => {
    const mb = await import('/mediabunny.mjs');
    const blob = await (await fetch('/source.mp4')).blob();
    const t = performance.now();
    const input = new mb.Input({ source: new mb.BlobSource(blob), formats: mb.ALL_FORMATS });
    const target = new mb.BufferTarget();
    const output = new mb.Output({ format: ${webm ? 'new mb.WebMOutputFormat()' : "new mb.Mp4OutputFormat({ fastStart: 'in-memory' })"}, target });
    const c = await mb.Conversion.init({ input, output, video: { codec: '${codec}', quality: new mb.Quality({ bitrate: ${bitrate} }), forceTranscode: true${keyFrameInterval ? `, keyFrameInterval: ${keyFrameInterval}` : ''} }, audio: { codec: 'opus' } });
    await c.execute();
    const seconds = (performance.now() - t) / 1000;
    const bytes = new Uint8Array(target.buffer);
    ${SAVE_IN_PAGE(name)}
    return { seconds, isolated: crossOriginIsolated };
  })()`);
}
