// Loudness and speed on a 2-hour 44.1 kHz stereo MP3 (made in /tmp once; decoded to float it would be 2.54 GB):
// both run as ffmpeg.wasm passes over the input read in place (WORKERFS), the output encoded straight from the filters.
// Measured: the job's wall time, the busiest main-thread task's CPU (Chromium trace), the output by ffprobe/ebur128
// and ffmpeg's decoded sample count. `BENCH_TOOLS=speed` or `loudness` runs one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openApp } from '../../e2e/support/app';
import { busiest, describeTask, watchMainThread } from '../../e2e/support/trace';
import { downloadRow, waitForRows } from '../../e2e/video-compress-helpers';

const DIR = '/tmp/localkit-audio-long2h';
const SECONDS = 7200;
const tools = (process.env.BENCH_TOOLS ?? 'speed,loudness').split(',');

/** 2 hours of 44.1 kHz stereo at 32 kbps (28.8 MB): a tone and noise getting louder. */
function longMp3(): string {
  const file = path.join(DIR, 'long.mp3');
  if (!existsSync(file)) {
    mkdirSync(DIR, { recursive: true });
    const partial = path.join(DIR, 'partial.mp3');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${SECONDS}`, '-f', 'lavfi', '-i', `anoisesrc=a=0.05:r=44100:d=${SECONDS}`, '-filter_complex', `[0][1]amerge=inputs=2,volume='0.1+0.5*t/${SECONDS}':eval=frame`, '-c:a', 'libmp3lame', '-b:a', '32k', partial]);
    renameSync(partial, file);
  }
  return file;
}

const decodedSamples = (file: string) => Number(/Number of samples:\s*(\d+)/.exec(spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', 'astats=metadata=0:measure_perchannel=none:measure_overall=Number_of_samples', '-f', 'null', '-'], { encoding: 'utf8' }).stderr)![1]);
const ebur128 = (file: string) => {
  const log = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
  const s = log.slice(log.lastIndexOf('Summary:'));
  return { integrated: Number(/I:\s+(-?[\d.]+)/.exec(s)![1]), truePeak: Number(/Peak:\s+(-?[\d.]+)/.exec(s)![1]) };
};

async function runTool(route: string, set: [string, string][], source: string) {
  const app = await openApp();
  try {
    const { page } = app;
    await page.goto(`${route}?lng=en`);
    for (const [id, value] of set) {
      await page.getByTestId(id).fill(value);
      await page.getByTestId(id).press('Enter');
    }
    const watch = await watchMainThread(page, { withTestCalls: true });
    await page.getByTestId('file-input').setInputFiles([source]);
    const started = Date.now();
    await page.getByTestId('start').click();
    const status = await waitForRows(page, 1, 3_500_000);
    const seconds = (Date.now() - started) / 1000;
    const tasks = await watch.stop();
    const row = (await page.getByTestId('result-row').innerText()).replace(/\s+/g, ' ');
    expect(status, row).toEqual(['done']);
    const out = await downloadRow(page, 0);
    const file = path.join(DIR, `out-${route.split('/').at(-1)}-${out.name}`);
    writeFileSync(file, out.bytes);
    return { file, seconds, tasks, row };
  } finally {
    await app.close();
  }
}

it.runIf(tools.includes('speed'))('speed 1.25x on a 2-hour MP3: length, no decoded copy, main thread', async () => {
  const source = longMp3();
  const input = decodedSamples(source);
  const r = await runTool('/audio/audio-speed', [['tempo', '1.25']], source);
  const samples = decodedSamples(r.file);
  const b = busiest(r.tasks);
  console.log(`speed 1.25x of ${input} samples (${(input / 44100).toFixed(3)} s, ${statSync(source).size} bytes): ${r.seconds.toFixed(0)} s at load ${os.loadavg()[0].toFixed(1)}; output ${samples} samples = ${(samples / 44100).toFixed(3)} s (expected ${(input / 1.25 / 44100).toFixed(3)}), ${statSync(r.file).size} bytes; main thread ${r.tasks.length} tasks, busiest ${describeTask(b)}\n  row: ${r.row}`);
  expect(Math.abs(samples - input / 1.25) / 44100).toBeLessThan(0.01);
  expect(b.cpu).toBeLessThan(200);
});

it.runIf(tools.includes('loudness'))('loudness to -16 LUFS on a 2-hour MP3: ebur128 of the output, no decoded copy, main thread', async () => {
  const source = longMp3();
  const before = ebur128(source);
  const r = await runTool('/audio/audio-loudness', [['target-lufs', '-16']], source);
  const after = ebur128(r.file);
  const b = busiest(r.tasks);
  console.log(`loudness of a 2-hour MP3 (${before.integrated} LUFS, ${before.truePeak} dBTP by ebur128) → ${after.integrated} LUFS, ${after.truePeak} dBTP: ${r.seconds.toFixed(0)} s at load ${os.loadavg()[0].toFixed(1)}; ${decodedSamples(r.file)} samples; main thread ${r.tasks.length} tasks, busiest ${describeTask(b)}\n  row: ${r.row}`);
  expect(Math.abs(after.integrated + 16)).toBeLessThanOrEqual(0.5);
  expect(after.truePeak).toBeLessThanOrEqual(-1);
  expect(b.cpu).toBeLessThan(200);
});
