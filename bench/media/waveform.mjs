// The waveform of a long MP3 in headless Chromium: the app's computePeaks (src/engines/media/peaks.ts, an MP3 in
// several decoder runs at once) against mediabunny's AudioSampleSink into the same PeakCollector (the way it was
// drawn before), in a worker as the app runs it. Prints the time of each, the browser's CPU time, and whether all
// peaks are equal to the last bit. `node bench/media/waveform.mjs [file.mp3] [rounds]`; without a file it uses the
// 2-hour 16 kHz MP3 of e2e/audio-trim-long.e2e.ts (made there, kept in /tmp/localkit-audio-trim-long-1).
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { loadavg, openBenchPage, treeCpuSeconds } from './harness.mjs';

const source = process.argv[2] || '/tmp/localkit-audio-trim-long-1/two-hours.mp3';
const rounds = Number(process.argv[3] ?? 1);
const work = mkdtempSync(path.join(tmpdir(), 'bench-waveform-'));
const www = path.join(work, 'www');
await build({
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  build: { outDir: www, emptyOutDir: true, minify: false, lib: { entry: 'bench/media/waveform-entry.mjs', formats: ['es'], fileName: 'peaks' } },
});
copyFileSync(source, path.join(www, 'input.mp3'));
writeFileSync(
  path.join(www, 'worker.mjs'),
  `import { computePeaks, sinkPeaks, PeakCollector, openInput } from './peaks.js';
onmessage = async ({ data: way }) => {
  const file = await (await fetch('/input.mp3')).blob();
  const t = performance.now();
  let chunks = 0;
  const peaks = new Float32Array(1000);
  const onChunk = (from, values) => { chunks++; peaks.set(values, from); };
  if (way === 'runs') await computePeaks(file, 1000, onChunk);
  else {
    const input = openInput(file);
    const track = await input.getPrimaryAudioTrack();
    const collector = new PeakCollector(1000, Math.max(1, Math.round((await input.computeDuration()) * track.sampleRate)), onChunk);
    await sinkPeaks(track, collector);
    collector.flush(true);
    input.dispose();
  }
  postMessage({ seconds: (performance.now() - t) / 1000, chunks, peaks });
};`,
);
const { page, close } = await openBenchPage(www, work);
page.on('console', (m) => console.log('page:', m.text()));
page.on('crash', () => console.log('page crashed'));
console.log(readdirSync(www).join(' '));
const results = {};
try {
  for (let round = 0; round < rounds; round++) {
    for (const way of ['sink', 'runs']) {
      const cpu = treeCpuSeconds();
      const r = await page.evaluate(
        (way) =>
          new Promise((resolve) => {
            const w = new Worker('/worker.mjs', { type: 'module' });
            w.onmessage = (e) => {
              w.terminate();
              resolve({ ...e.data, peaks: Array.from(e.data.peaks) });
            };
            w.onerror = (e) => resolve({ error: e.message ?? 'worker failed' });
            w.postMessage(way);
          }),
        way,
      );
      if (r.error) throw new Error(r.error);
      results[way] = r.peaks;
      console.log(`${way}: ${r.seconds.toFixed(1)} s, browser CPU ${(treeCpuSeconds() - cpu).toFixed(1)} s, ${r.chunks} chunks; load ${loadavg()}`);
    }
    const differ = results.sink.filter((v, i) => v !== results.runs[i]).length;
    console.log(`peaks differing: ${differ} of 1000 (largest ${Math.max(...results.sink).toFixed(4)})`);
  }
} finally {
  await close();
  rmSync(work, { recursive: true, force: true });
}
