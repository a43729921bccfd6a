// Loudness and speed on a 2-hour 44.1 kHz stereo MP3 (made in /tmp once; decoded to float it would be 2.54 GB):
// both run as ffmpeg.wasm passes over the input read in place (WORKERFS), the output encoded straight from the filters.
// Merge joins two parts (an MP3 and a WAV, BENCH_MERGE_MINUTES each, 60 by default) in one graph over both read in place.
// Measured: the job's wall time, the browser's peak resident memory (/proc), the busiest main-thread task's CPU
// (Chromium trace), the output by ffprobe/ebur128 and ffmpeg's decoded sample count, a merge's join by its sample
// steps. `BENCH_TOOLS=speed`, `loudness` or `merge` runs one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openApp } from '../../e2e/support/app';
import { busiest, describeTask, watchMainThread } from '../../e2e/support/trace';
import { watchRss } from '../../e2e/support/process-cpu';
import { downloadRow, waitForRows } from '../../e2e/video-compress-helpers';

const DIR = '/tmp/localkit-audio-long2h';
const SECONDS = 7200;
const tools = (process.env.BENCH_TOOLS ?? 'speed,loudness,merge').split(',');
/** Minutes of each of the two merged parts (60: two 1-hour parts). */
const MERGE_MINUTES = Number(process.env.BENCH_MERGE_MINUTES ?? 60);

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

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const decodedSamples = (file: string) => Number(/Number of samples:\s*(\d+)/.exec(spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', 'astats=metadata=0:measure_perchannel=none:measure_overall=Number_of_samples', '-f', 'null', '-'], { encoding: 'utf8' }).stderr)![1]);
const ebur128 = (file: string) => {
  const log = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
  const s = log.slice(log.lastIndexOf('Summary:'));
  return { integrated: Number(/I:\s+(-?[\d.]+)/.exec(s)![1]), truePeak: Number(/Peak:\s+(-?[\d.]+)/.exec(s)![1]) };
};

/** Two parts of `minutes` each to merge: a 44.1 kHz stereo MP3 (tone and noise, 32 kbps) and a 44.1 kHz mono 16-bit WAV (another tone). */
function mergeParts(minutes: number): string[] {
  const seconds = minutes * 60;
  const parts: [string, string[]][] = [
    [`part-${minutes}m.mp3`, ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`, '-f', 'lavfi', '-i', `anoisesrc=a=0.05:r=44100:d=${seconds}`, '-filter_complex', '[0][1]amerge=inputs=2,volume=0.3', '-c:a', 'libmp3lame', '-b:a', '32k']],
    [`part-${minutes}m.wav`, ['-f', 'lavfi', '-i', `aevalsrc=0.4*cos(2*PI*330*t):s=44100:d=${seconds}`, '-c:a', 'pcm_s16le']],
  ];
  mkdirSync(DIR, { recursive: true });
  return parts.map(([name, args]) => {
    const file = path.join(DIR, name);
    if (!existsSync(file)) {
      const partial = path.join(DIR, `partial-${name}`);
      execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, partial]);
      renameSync(partial, file);
    }
    return file;
  });
}

/**
 * The largest step between neighbouring 16-bit samples (either channel) within 5 ms of `at` seconds, and in the 50 ms
 * before and after it (the sound's own), as ffmpeg decodes the file.
 */
function joinSteps(file: string, at: number): { join: number; before: number; after: number } {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-ss', (at - 0.06).toFixed(6), '-t', '0.12', '-ac', '2', '-f', 's16le', '-'], { maxBuffer: 1 << 24 });
  const x = Int16Array.from({ length: raw.length / 2 }, (_, i) => raw.readInt16LE(i * 2));
  const frames = x.length / 2;
  const joinAt = Math.round(0.06 * 44100);
  const step = (from: number, to: number) => {
    let m = 0;
    for (let n = Math.max(1, from); n < Math.min(frames, to); n++) for (let c = 0; c < 2; c++) m = Math.max(m, Math.abs(x[2 * n + c] - x[2 * (n - 1) + c]));
    return m;
  };
  const ms = (t: number) => Math.round((t / 1000) * 44100);
  return { join: step(joinAt - ms(5), joinAt + ms(5)), before: step(joinAt - ms(55), joinAt - ms(5)), after: step(joinAt + ms(5), joinAt + ms(55)) };
}

async function runTool(route: string, set: [string, string][], source: string | string[], selects: [string, string][] = []) {
  const app = await openApp();
  try {
    const { page } = app;
    await page.goto(`${route}?lng=en`);
    for (const [id, value] of selects) await page.getByTestId(id).selectOption(value);
    for (const [id, value] of set) {
      await page.getByTestId(id).fill(value);
      await page.getByTestId(id).press('Enter');
    }
    const watch = await watchMainThread(page, { withTestCalls: true });
    await page.getByTestId('file-input').setInputFiles(Array.isArray(source) ? source : [source]);
    const rss = watchRss(app.userDataDir);
    const started = Date.now();
    await page.getByTestId('start').click();
    const status = await waitForRows(page, 1, 3_500_000);
    const seconds = (Date.now() - started) / 1000;
    const memory = rss.stop();
    const tasks = await watch.stop();
    const row = (await page.getByTestId('result-row').innerText()).replace(/\s+/g, ' ');
    if (status[0] !== 'done') console.log(`${route}: ${status[0]} after ${seconds.toFixed(0)} s, peak RSS ${mb(memory.total)} MB (largest process ${mb(memory.largest)} MB): ${row}`);
    expect(status, row).toEqual(['done']);
    const out = await downloadRow(page, 0);
    const file = path.join(DIR, `out-${route.split('/').at(-1)}-${out.name}`);
    writeFileSync(file, out.bytes);
    return { file, seconds, tasks, row, memory };
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

it.runIf(tools.includes('merge'))(`merge of two ${MERGE_MINUTES}-minute parts (MP3 + WAV) to MP3: length, peak memory, main thread`, async () => {
  const parts = mergeParts(MERGE_MINUTES);
  const input = parts.map(decodedSamples).reduce((a, b) => a + b, 0);
  for (const crossfade of (process.env.BENCH_MERGE_CROSSFADES ?? '0,2').split(',').map(Number)) {
    const r = await runTool('/audio/audio-merge', [['crossfade', String(crossfade)]], parts, [['format', 'mp3']]);
    const samples = decodedSamples(r.file);
    const expected = input - crossfade * 44100;
    const b = busiest(r.tasks);
    console.log(`merge of ${parts.length} × ${MERGE_MINUTES} min (${parts.map((p) => statSync(p).size).join(' + ')} bytes, ${input} samples), crossfade ${crossfade} s → MP3: ${r.seconds.toFixed(0)} s at load ${os.loadavg()[0].toFixed(1)}; peak RSS of the browser ${mb(r.memory.total)} MB, largest process ${mb(r.memory.largest)} MB; output ${samples} samples = ${(samples / 44100).toFixed(3)} s (expected ${(expected / 44100).toFixed(3)}), ${statSync(r.file).size} bytes; main thread ${r.tasks.length} tasks, busiest ${describeTask(b)}\n  row: ${r.row}`);
    expect(Math.abs(samples - expected) / 44100).toBeLessThanOrEqual(0.01);
    expect(b.cpu).toBeLessThan(200);
    if (crossfade === 0) {
      // No click where the parts meet: no step there larger than the sound's own on either side.
      const steps = joinSteps(r.file, decodedSamples(parts[0]) / 44100);
      console.log(`  join at ${MERGE_MINUTES * 60} s: largest step within 5 ms ${steps.join}, in the 50 ms before ${steps.before}, after ${steps.after} (16-bit)`);
      expect(steps.join).toBeLessThanOrEqual(Math.max(steps.before, steps.after));
    }
  }
});
