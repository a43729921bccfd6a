// Parallel video encoding (issue 15): a clip long enough to be cut goes through one encoder per core, and the
// joined file is judged by Debian's ffmpeg and ffprobe: it decodes with no errors, its frames follow each other
// with no timestamp gap, each segment opens on a key frame, and it lasts as long as the input.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_FORMATS, BufferSource, BufferTarget, EncodedPacketSink, EncodedVideoPacketSource, Input, Mp4OutputFormat, Output } from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { pauseWorkers } from './support/pause-workers';
import { downloadRow, probe, waitForRows } from './video-compress-helpers';

const FPS = 30;

/** `seconds` of 640×360 H.264 at 30 fps (with B-frames, x264's medium preset), a key frame every second, with AAC sound. */
function makeClip(dir: string, name: string, seconds: number, size = '640x360', preset = 'medium'): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${FPS}:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', preset, '-g', String(FPS), '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', file]);
  return file;
}

/** The clip's video remuxed with rotation metadata, as phones write portrait video (Debian's ffmpeg 5.1 cannot set it). */
async function rotated(file: string, rotation: 90 | 180 | 270): Promise<string> {
  const input = new Input({ source: new BufferSource(readFileSync(file)), formats: ALL_FORMATS });
  const track = (await input.getPrimaryVideoTrack())!;
  const target = new BufferTarget();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
  const source = new EncodedVideoPacketSource(track.codec!);
  output.addVideoTrack(source, { rotation });
  await output.start();
  const decoderConfig = (await track.getDecoderConfig())!;
  let first = true;
  for await (const packet of new EncodedPacketSink(track).packets()) {
    await source.add(packet, first ? { decoderConfig } : undefined);
    first = false;
  }
  await output.finalize();
  input.dispose();
  const out = file.replace(/\.mp4$/, `-${rotation}.mp4`);
  writeFileSync(out, new Uint8Array(target.buffer!));
  return out;
}

interface Frame {
  pts: number;
  duration: number;
  key: boolean;
}

function videoPackets(file: string): Frame[] {
  const csv = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,duration_time,flags', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  return csv
    .trim()
    .split('\n')
    .map((line) => {
      const [pts, duration, flags] = line.split(',');
      return { pts: Number(pts), duration: Number(duration), key: flags.startsWith('K') };
    })
    .sort((a, b) => a.pts - b.pts);
}

const streamDuration = (file: string, stream: string) => Number(execFileSync('ffprobe', ['-v', 'error', '-select_streams', stream, '-show_entries', 'stream=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());

describe('parallel video encoding', () => {
  let app: AppSession;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'video-parallel-'));
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['mp4', 'webm'] as const)('encodes segments at once and joins them into one %s stream Debian ffmpeg decodes cleanly, with no gaps', { timeout: 120_000 }, async (container) => {
    const { page } = app;
    const clip = makeClip(dir, 'ten.mp4', 10);
    await page.goto('/video/video-compress?lng=en');
    await page.getByTestId('container').selectOption(container);
    // The browser's encoders (the default MP4 path is x264 in ffmpeg.wasm, video-compress.e2e.ts).
    if (container === 'mp4') await page.getByTestId('speed').selectOption('fast');
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    // Every progress the row shows, kept as it happens (the job is short).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __progress: string[] }).__progress = seen;
      new MutationObserver(() => {
        for (const p of document.querySelectorAll('[data-testid="progress"][data-kind="fraction"]')) seen.push(`${p.getAttribute('data-done')}/${p.getAttribute('data-total')}`);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByTestId('file-input').setInputFiles([clip]);
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 1, 90_000)).toEqual(['done']);
    const row = await page.getByTestId('result-row').first().innerText();
    const out = path.join(dir, `out.${container}`);
    writeFileSync(out, (await downloadRow(page, 0)).bytes);

    const decode = spawnSync('ffmpeg', ['-v', 'error', '-i', out, '-f', 'null', '-'], { encoding: 'utf8' });
    expect(decode.status).toBe(0);
    expect(decode.stderr).toBe('');
    const frames = videoPackets(out);
    expect(frames).toHaveLength(10 * FPS);
    expect(frames[0].pts).toBeCloseTo(0, 3);
    expect(frames[0].key).toBe(true);
    // WebM keeps milliseconds: 33 or 34 ms between frames there.
    const digits = container === 'webm' ? 2 : 3;
    for (let i = 1; i < frames.length; i++) expect(frames[i].pts - frames[i - 1].pts, `gap before frame ${i}`).toBeCloseTo(1 / FPS, digits);
    // The last frame ends where the input's does (WebM keeps no stream duration: the frames tell it).
    const last = frames[frames.length - 1];
    expect(Math.abs(last.pts + 1 / FPS - 10)).toBeLessThanOrEqual(1 / FPS + 1e-3);
    if (container === 'mp4') {
      expect(Math.abs(streamDuration(out, 'v:0') - 10)).toBeLessThanOrEqual(1 / FPS + 1e-3);
      expect(Math.abs(streamDuration(out, 'a:0') - 10)).toBeLessThan(0.1);
    }

    if (cores >= 2) {
      expect(row).toContain(tr('en', 'encoderUsed.parallel', 'media'));
      // The second segment opens on a key frame of its own encoder (5 s, the key frame nearest half the clip).
      expect(frames.find((f) => Math.abs(f.pts - 5) < 1e-3)?.key).toBe(true);
      // Progress counted frames of all segments: 300 in all.
      const progress = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
      expect(progress.some((p) => p.endsWith('/300'))).toBe(true);
    }
    console.log(`${container}: ${cores} cores; ${row.replace(/\s+/g, ' ')}`);
    expect(app.errors).toEqual([]);
  });

  it('names the software or hardware encoder for a clip too short to cut', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('container').selectOption('mp4');
    await page.getByTestId('file-input').setInputFiles([makeClip(dir, 'short.mp4', 2)]);
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 1)).toEqual(['done']);
    const row = await page.getByTestId('result-row').first().innerText();
    expect([tr('en', 'encoderUsed.software', 'media'), tr('en', 'encoderUsed.hardware', 'media')].some((note) => row.includes(note))).toBe(true);
  });

  it('keeps a portrait video upright: rotation metadata is carried once, not applied twice', { timeout: 120_000 }, async () => {
    const { page } = app;
    const portrait = await rotated(makeClip(dir, 'phone.mp4', 8), 90);
    await page.goto('/video/video-compress?lng=en');
    await page.getByTestId('container').selectOption('mp4');
    await page.getByTestId('speed').selectOption('fast');
    await page.getByTestId('file-input').setInputFiles([portrait]);
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 1, 90_000)).toEqual(['done']);
    const row = await page.getByTestId('result-row').first().innerText();
    const out = await probe((await downloadRow(page, 0)).bytes);
    expect(out.video).toMatchObject({ width: 360, height: 640 });
    expect(Math.abs(out.duration - 8)).toBeLessThan(0.1);
    if ((await page.evaluate(() => navigator.hardwareConcurrency)) >= 2) expect(row).toContain(tr('en', 'encoderUsed.parallel', 'media'));
  });

  it('cancel stops every segment worker at once, and the next job runs', { timeout: 180_000 }, async () => {
    const { page } = app;
    // Made fast (a loaded machine took a minute over the default preset): only its length matters here.
    const long = makeClip(dir, 'long.mp4', 40, '1280x720', 'ultrafast');
    await page.getByTestId('clear-all').click();
    const idle = page.workers().length;
    await page.getByTestId('file-input').setInputFiles([long]);
    await page.getByTestId('start').click();
    await expect.poll(() => page.locator('[data-testid="progress"][data-kind="fraction"]').count(), { timeout: 60_000 }).toBe(1);
    const busy = page.workers().length;
    await page.getByTestId('cancel-all').click();
    await expect.poll(() => page.getByTestId('result-row').first().getAttribute('data-status')).toBe('ready');
    // The media worker and the segment workers started for it are gone (the pool makes a new one for the next job).
    await expect.poll(() => page.workers().length, { timeout: 10_000 }).toBeLessThanOrEqual(idle);
    console.log(`workers: idle ${idle}, encoding ${busy}`);
    expect(busy).toBeGreaterThan(idle);
    await page.getByTestId('clear-all').click();
    await page.getByTestId('file-input').setInputFiles([makeClip(dir, 'again.mp4', 8)]);
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 1, 90_000)).toEqual(['done']);
  });

  // Last in the file: the page keeps the shortened limit set here.
  it('a video job whose sound encoder stops answering is ended after its silence limit, and runs again in a new worker', { timeout: 240_000 }, async () => {
    const { page } = app;
    // The product waits 30 s (SILENCE_MS, unit silence-watch.test.ts); this page is given its shortest limit, 12 s
    // (only ever shortened), so the same watchdog ends the same hang sooner.
    const limit = 12_000;
    await page.addInitScript((ms) => ((window as unknown as { __localkitStallMs: number }).__localkitStallMs = ms), limit);
    await page.goto('/video/video-compress?lng=en');
    await page.getByTestId('speed').selectOption('fast');
    await page.getByTestId('container').selectOption('mp4');
    const said: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && said.push(m.text()));
    await page.getByTestId('file-input').setInputFiles([makeClip(dir, 'stalled.mp4', 20, '640x360', 'ultrafast')]);
    await page.getByTestId('start').click();
    const row = page.getByTestId('result-row').first();
    const bar = row.locator('[role="progressbar"][aria-valuenow]');
    await expect.poll(async () => (await bar.count()) > 0 && Number(await bar.getAttribute('aria-valuenow')) > 0, { timeout: 60_000, interval: 100 }).toBe(true);
    // The hang Firefox shows now and then: mediabunny's wasm sound encoder (used where the browser has no AAC
    // encoder, as Debian's Chromium has none) runs in a worker of its own inside the media worker, and that worker
    // never answers. Made here by stopping it in the debugger: the job neither fails nor reports.
    const { cdp, paused: workers } = await pauseWorkers(app.context, page, (w, all) => w.parentId !== undefined && w.parentId === all.find((m) => m.title === 'media')?.targetId);
    const paused = Date.now();
    const stuckAt = await bar.getAttribute('aria-valuenow');
    expect(await waitForRows(page, 1, 150_000)).toEqual(['done']);
    const took = Date.now() - paused;
    console.log(`stalled sound encoder: ${workers.length} worker(s) paused at progress ${stuckAt}; done ${took} ms later (limit ${limit} ms)`);
    expect(workers.length).toBeGreaterThanOrEqual(1);
    // Ended by the watchdog's silence, not before it, and said in the console (the row only shows the file).
    expect(took).toBeGreaterThanOrEqual(limit - 1000);
    expect(said.some((t) => t.startsWith('A media worker job was silent for 12 s'))).toBe(true);
    const out = path.join(dir, 'after-stall.mp4');
    writeFileSync(out, (await downloadRow(page, 0)).bytes);
    const streams = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height:format=duration', '-of', 'json', out], { encoding: 'utf8' });
    const made = JSON.parse(streams) as { streams: { codec_name: string; width?: number; height?: number }[]; format: { duration: string } };
    expect(made.streams.map((st) => st.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(made.streams.find((st) => st.codec_name === 'h264')).toMatchObject({ width: 640, height: 360 });
    expect(Math.abs(Number(made.format.duration) - 20)).toBeLessThan(0.1);
    expect(execFileSync('ffmpeg', ['-v', 'error', '-i', out, '-f', 'null', '-'], { encoding: 'utf8' })).toBe('');
    await cdp.detach();
    expect(app.errors).toEqual([]);
  });
});
