import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForSuite } from './support/app';
import { tr } from './support/locales';
import { downloadRow, waitForRows } from './video-compress-helpers';

// WebM at a quality level (issue 26): the browser's AV1 searched on its bit rate to the level's SSIM, judged by
// native ffmpeg (libdav1d) on every frame of the file made against the source. 4 s clips: the search samples all of it.
const SSIM_TARGET = { low: 0.95, medium: 0.97 } as const;
const ff = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
// Frame for frame, both on one time base (as quality-encode.ts measures): WebM stores times in whole milliseconds, and
// ffmpeg's timestamp sync would pair a frame at 33 ms with the source's frame before 33.3 ms (0.938 for 0.947 here).
const ssimOf = (file: string, source: string) =>
  Number(/All:([0-9.]+)/.exec(spawnSync('ffmpeg', ['-nostats', '-i', file, '-i', source, '-lavfi', '[0:v]settb=1/1000,setpts=N*33[a];[1:v]settb=1/1000,setpts=N*33[b];[a][b]ssim', '-an', '-f', 'null', '-'], { encoding: 'utf8' }).stderr)?.[1]);
const frames = (file: string) => Number(execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
const codecs = (file: string) => execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim().split('\n');

describe('video compress: WebM at a quality level', () => {
  const app = appForSuite();
  const dir = mkdtempSync(path.join(tmpdir(), 'webm-quality-'));
  const photo = path.resolve('src/engines/codecs/fixtures/coffee.png');
  // A pan and zoom over a real photo with light sensor noise, and a scrolling screen recording, as devices write them.
  const pan = path.join(dir, 'pan.mp4');
  const screen = path.join(dir, 'screen.mp4');
  ff(['-loop', '1', '-i', photo, '-f', 'lavfi', '-i', 'sine=frequency=330:duration=4', '-filter_complex', "[0:v]scale=1920:-2,zoompan=z='1.1+0.002*on':x='(iw-iw/zoom)*on/120':y='(ih-ih/zoom)/2':d=120:s=640x360:fps=30,noise=alls=4:allf=t[v]", '-map', '[v]', '-map', '1:a', '-t', '4', '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '3M', '-maxrate', '3M', '-bufsize', '3M', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', pan]);
  const text = path.join(dir, 'text.txt');
  writeFileSync(text, Array.from({ length: 60 }, (_, i) => `${i}  export const value${i} = [${i}, ${i * 7}].map((n) => n * 2);`).join('\n'));
  ff(['-f', 'lavfi', '-i', 'color=c=white:s=640x1800:r=30:d=4', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-filter_complex', `[0:v]drawtext=textfile=${text}:fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf:fontsize=14:fontcolor=0x202020:x=10:y=10:line_spacing=10,crop=640:360:0:'t*60'[v]`, '-map', '[v]', '-map', '1:a', '-c:v', 'libx264', '-b:v', '1.5M', '-maxrate', '1.5M', '-bufsize', '1.5M', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', screen]);

  async function compress(clip: string, level: keyof typeof SSIM_TARGET) {
    const { page } = app;
    await page.goto('/video/video-compress?lng=en');
    await page.getByTestId('container').selectOption('webm');
    await page.getByTestId('mode').selectOption('quality');
    await page.getByTestId('quality').selectOption(level);
    await page.getByTestId('speed').selectOption('smallest');
    await page.getByTestId('file-input').setInputFiles([clip]);
    const started = Date.now();
    await page.getByTestId('start').click();
    await expect.poll(() => page.getByTestId('result-row').innerText(), { timeout: 30_000 }).toContain(tr('en', 'stage.searchingQuality', 'media'));
    expect(await waitForRows(page, 1, 240_000)).toEqual(['done']);
    const row = (await page.getByTestId('result-row').innerText()).replace(/\s+/g, ' ');
    const out = await downloadRow(page, 0);
    const file = path.join(dir, `${path.basename(clip, '.mp4')}-${level}.${out.name.split('.').pop()}`);
    writeFileSync(file, out.bytes);
    // Frame for frame needs every frame there, in order.
    expect(frames(file)).toBe(frames(clip));
    const ssim = ssimOf(file, clip);
    console.log(`WebM ${level} ${path.basename(clip)}: ${statSync(clip).size} → ${out.bytes.length} bytes in ${((Date.now() - started) / 1000).toFixed(1)} s, SSIM ${ssim} by ffmpeg (target ${SSIM_TARGET[level]}); row: ${row}`);
    return { row, file, ssim, bytes: out.bytes.length, name: out.name };
  }

  it('pan clip at "low": AV1 within ±0.005 SSIM of 0.95 by ffmpeg on every frame, the score in the row', async () => {
    const r = await compress(pan, 'low');
    expect(r.name).toBe('pan.webm');
    expect(codecs(r.file)).toEqual(['av1', 'opus']);
    expect(Math.abs(r.ssim - SSIM_TARGET.low)).toBeLessThanOrEqual(0.005);
    expect(r.bytes).toBeLessThan(statSync(pan).size * 0.95);
    // The row's score is the one ffmpeg gives (the search's SSIM is ffmpeg's formula on the browser's decode).
    const shown = Number(/SSIM (0\.\d{3})/.exec(r.row)?.[1]);
    expect(Math.abs(shown - r.ssim)).toBeLessThanOrEqual(0.002);
    expect(r.row).toContain(tr('en', 'engineUsed.webmQuality', 'media'));
    expect(app.errors).toEqual([]);
  }, 300_000);

  it('screen recording at "medium": within ±0.005 SSIM of 0.97; cancel mid-search ends the media worker', async () => {
    const { page } = app;
    const r = await compress(screen, 'medium');
    expect(codecs(r.file)).toEqual(['av1', 'opus']);
    expect(Math.abs(r.ssim - SSIM_TARGET.medium)).toBeLessThanOrEqual(0.005);
    const shown = Number(/SSIM (0\.\d{3})/.exec(r.row)?.[1]);
    expect(Math.abs(shown - r.ssim)).toBeLessThanOrEqual(0.002);

    // Again, cancelled while it searches: the media worker (and any segment encoder) is gone, the row ready again.
    await page.getByTestId('clear-all').click();
    const before = page.workers().length;
    await page.getByTestId('file-input').setInputFiles([screen]);
    await page.getByTestId('start').click();
    const row = page.getByTestId('result-row');
    await expect.poll(() => row.innerText(), { timeout: 30_000 }).toContain(tr('en', 'stage.searchingQuality', 'media'));
    const during = page.workers().filter((w) => w.url().includes('worker'));
    await page.getByTestId('cancel-all').click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('ready');
    expect(await row.innerText()).toContain(tr('en', 'status.cancelled'));
    await expect.poll(() => during.filter((w) => page.workers().includes(w)).length, { timeout: 10_000 }).toBe(0);
    console.log(`WebM cancel: ${during.length} media workers during the search, ${page.workers().length} workers after (${before} before)`);
    expect(during.length).toBeGreaterThan(0);
    expect(app.errors).toEqual([]);
  }, 300_000);
});
