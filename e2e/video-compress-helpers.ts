// Helpers shared by the media e2e files (video compress, audio converter).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const FIXTURES = path.resolve('src/engines/media/fixtures');
export const fixture = (name: string) => path.join(FIXTURES, name);

/** Waits until every row has finished (done or error) and returns their statuses. */
export async function waitForRows(page: Page, count: number, timeout = 45_000): Promise<string[]> {
  const rows = page.getByTestId('result-row');
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(count);
  await expect
    .poll(async () => (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).every((s) => s === 'done' || s === 'error'), { timeout, interval: 250 })
    .toBe(true);
  return rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status') ?? ''));
}

/** Clicks the download button of row `index` and returns the saved bytes and file name. */
export async function downloadRow(page: Page, index: number): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('result-row').nth(index).getByTestId('download').click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(file) };
}

export interface Probed {
  format: string;
  duration: number;
  video?: { codec: string | null; width: number; height: number; fps: number };
  audio?: { codec: string | null; channels: number; sampleRate: number };
}

/** ffprobe-style facts of a file, read by mediabunny in Node (demuxing needs no WebCodecs). */
export async function probe(bytes: Uint8Array): Promise<Probed> {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    const [format, video, audio, duration] = await Promise.all([input.getFormat(), input.getPrimaryVideoTrack(), input.getPrimaryAudioTrack(), input.computeDuration()]);
    return {
      format: format.name,
      duration,
      video: video ? { codec: video.codec, width: video.displayWidth, height: video.displayHeight, fps: (await video.computePacketStats()).averagePacketRate } : undefined,
      audio: audio ? { codec: audio.codec, channels: audio.numberOfChannels, sampleRate: audio.sampleRate } : undefined,
    };
  } finally {
    input.dispose();
  }
}

// The browser build of mediabunny (the package exports only its entry points, so go by its folder).
const mediabunnySource = readFileSync(path.resolve('node_modules/mediabunny/dist/bundles/mediabunny.mjs'), 'utf8');

// Runs in the page. Kept as source text: the test runner would rewrite a dynamic import() in a function.
const DECODE_IN_PAGE = `async ({ source, files }) => {
  // Loaded once per page: mediabunny warns when it is loaded twice.
  window.__testMediabunny ??= await import(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  const mb = window.__testMediabunny;
  const out = [];
  for (const b64 of files) {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const input = new mb.Input({ source: new mb.BufferSource(bytes), formats: mb.ALL_FORMATS });
    const track = await input.getPrimaryAudioTrack();
    const sink = new mb.AudioSampleSink(track);
    const samples = [];
    for await (const sample of sink.samples()) {
      const buf = new Float32Array(sample.numberOfFrames * sample.numberOfChannels);
      sample.copyTo(buf, { planeIndex: 0, format: 'f32' });
      for (const v of buf) samples.push(v);
      sample.close();
    }
    out.push({ sampleRate: track.sampleRate, channels: track.numberOfChannels, samples });
  }
  return out;
}`;

/** Decodes files in the page with mediabunny + WebCodecs; returns interleaved float samples per file. */
export async function decodeInPage(page: Page, files: Uint8Array[]): Promise<{ sampleRate: number; channels: number; samples: number[] }[]> {
  const arg = { source: mediabunnySource, files: files.map((f) => Buffer.from(f).toString('base64')) };
  return page.evaluate(`(${DECODE_IN_PAGE})(${JSON.stringify(arg)})`);
}
