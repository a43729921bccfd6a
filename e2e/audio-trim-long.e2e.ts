// Issue 31: a 2-hour recording trimmed through the page. The waveform and range editor open without freezing it
// (main-thread tasks bounded on CPU time, see support/trace.ts), the cut is a packet copy (the kept MP3 frames are the
// source's, by ffmpeg's framemd5) and ffprobe reads the kept length.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForSuite } from './support/app';
import { recordWorks } from './support/matrix';
import { busiest, describeTask, watchMainThread } from './support/trace';
import { downloadRow, waitForRows } from './video-compress-helpers';
import { madeOnce } from './support/made-once';

// Named after the recipe's version: a changed recipe is made anew, not read from an older run's folder.
const DIR = '/tmp/localkit-audio-trim-long-1';
const SECONDS = 7200;
/** MPEG-2 Layer III at 16 kHz: 576 samples a frame. */
const FRAME = 576 / 16_000;

/** Made once per machine (about 10 s of CPU): 2 hours of 16 kHz mono MP3 at 16 kbps (14.4 MB), a tone getting louder. */
function longMp3(): string {
  return madeOnce(DIR, 'two-hours.mp3', (partial) =>
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=16000:duration=${SECONDS}`, '-af', `volume='0.05+0.9*t/${SECONDS}':eval=frame`, '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '16k', partial]),
  );
}

/** The MD5 of each audio packet, as ffmpeg reads the file (packets copied, not decoded). */
const packetHashes = (file: string) =>
  execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:a', '-c', 'copy', '-f', 'framemd5', '-'], { encoding: 'utf8', maxBuffer: 1 << 28 })
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(',').at(-1)!.trim());

const probeDuration = (file: string) => Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }));

describe('audio trim of a 2-hour recording', () => {
  const app = appForSuite();

  it('opens the 2-hour MP3 without freezing the page and copies the kept frames', { timeout: 240_000 }, async () => {
    const { page } = app;
    const source = longMp3();
    await page.goto('/audio/audio-trim?lng=en');
    // Files go in by path (cheap to inject), so the test's calls are counted with the app's tasks.
    const watch = await watchMainThread(page, { withTestCalls: true });
    const opened = Date.now();
    await page.getByTestId('file-input').setInputFiles([source]);
    await page.getByTestId('timeline').waitFor();
    await page.getByTestId('waveform').waitFor();
    // Keep 59:00.000 to 1:01:00.500 (120.5 s) out of the middle, typed.
    for (const [id, value] of [['fade-in', '0'], ['fade-out', '0'], ['trim-start', '00:59:00'], ['trim-end', '1:01:00.5']]) {
      await page.getByTestId(id).fill(value);
      await page.getByTestId(id).press('Enter');
    }
    // The waveform fills in from the left while the page stays usable: it is not finished yet, but has begun.
    const buckets = async () => Number(await page.getByTestId('waveform').getAttribute('data-buckets'));
    await expect.poll(buckets, { timeout: 60_000 }).toBeGreaterThan(0);
    const early = await buckets();
    await page.getByTestId('start').click();
    const started = Date.now();
    expect(await waitForRows(page, 1, 120_000)).toEqual(['done']);
    const trimSeconds = (Date.now() - started) / 1000;
    await page.locator('[data-testid="waveform"][data-complete="true"]').waitFor({ timeout: 180_000 });
    const waveSeconds = (Date.now() - opened) / 1000;
    const tasks = await watch.stop();
    // The tone gets louder all along, so the drawn columns never get shorter: the waveform is decoded as several
    // runs at once (src/engines/media/parallel-peaks.ts), each put in its place, none left out or shifted.
    const heights = await page.getByTestId('waveform').evaluate((c: HTMLCanvasElement) => {
      const g = c.getContext('2d')!;
      return [5, 125, 250, 375, 500, 625, 750, 875, 995].map((x) => [...Array(c.height).keys()].filter((y) => g.getImageData(x, y, 1, 1).data[3] > 0).length);
    });
    console.log(`waveform column heights along the file: ${heights.join(' ')} px`);
    expect(heights.every((h, i) => i === 0 || h >= heights[i - 1])).toBe(true);
    expect(heights.at(-1)).toBeGreaterThan(2 * heights[0]);
    const cpu = tasks.reduce((s, x) => s + x.cpu, 0);
    console.log(
      `2-hour MP3 (16 kHz mono, 14.4 MB): waveform ${early}/1000 when the job started, complete after ${waveSeconds.toFixed(1)} s; trim ${trimSeconds.toFixed(1)} s; ` +
        `main thread ${tasks.length} tasks, ${cpu.toFixed(0)} ms CPU in all, busiest ${describeTask(busiest(tasks))}`,
    );
    // The trace really timed the page's thread, and no task of it took more than 200 ms of CPU.
    expect(tasks.length).toBeGreaterThan(50);
    expect(cpu).toBeGreaterThan(50);
    expect(busiest(tasks).cpu).toBeLessThan(200);

    const row = page.getByTestId('result-row').first();
    // The row names the packet copy and where the cuts really fell (on frame edges).
    expect(await row.textContent()).toMatch(/packets copied/);
    expect(await row.textContent()).toMatch(/really cut at 5[89]:\d\d\.\d{3}–1:01:00\.\d{3}/);
    const out = await downloadRow(page, 0);
    expect(out.name).toBe('two-hours.mp3');
    const file = path.join(DIR, 'kept.mp3');
    writeFileSync(file, out.bytes);
    // ffprobe: 120.5 s within one frame.
    const duration = probeDuration(file);
    console.log(`kept: ${duration} s by ffprobe, ${out.bytes.length} bytes`);
    expect(Math.abs(duration - 120.5)).toBeLessThanOrEqual(FRAME);
    // Packet copy: the kept frames are a run of the source's frames, byte for byte, starting within a frame of 59:00.
    const kept = packetHashes(file);
    const all = packetHashes(source);
    const runs = all.flatMap((_, i) => (kept.every((h, k) => all[i + k] === h) ? [i] : []));
    console.log(`kept ${kept.length} frames = source frames from ${runs.map((i) => (i * FRAME).toFixed(3)).join(' or ')} s`);
    expect(runs.some((i) => Math.abs(i * FRAME - 3540) <= FRAME)).toBe(true);
    recordWorks('chromium', 'audio-trim', '2-hour MP3: frames copied, length by ffprobe');
    expect(app.errors).toEqual([]);
  });
});
