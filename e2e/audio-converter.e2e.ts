import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { seriousViolations } from './support/axe';
import { decodeInPage, downloadRow, fixture, probe, waitForRows } from './video-compress-helpers';

async function convert(page: Page, format: string, file = fixture('tone.wav')) {
  if (await page.getByTestId('clear-all').count()) await page.getByTestId('clear-all').click();
  await page.getByTestId('format').selectOption(format);
  await page.getByTestId('file-input').setInputFiles([file]);
  await page.getByTestId('start').click();
  expect(await waitForRows(page, 1)).toEqual(['done']);
  return downloadRow(page, 0);
}

describe('audio converter', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('converts a WAV to MP3, OGG (Opus), M4A (AAC) and back to WAV', async () => {
    const { page } = app;
    await page.goto('/audio/audio-converter');
    const expected: Record<string, [string, string]> = { mp3: ['MP3', 'mp3'], ogg: ['Ogg', 'opus'], m4a: ['MP4', 'aac'], aac: ['ADTS', 'aac'] };
    for (const [format, [container, codec]] of Object.entries(expected)) {
      const out = await convert(page, format);
      expect(out.name).toBe(`tone.${format}`);
      const p = await probe(out.bytes);
      expect(p.format).toBe(container);
      expect(p.audio?.codec).toBe(codec);
      expect(p.audio?.channels).toBe(2);
      expect(Math.abs(p.duration - 1)).toBeLessThan(0.1);
      // And back: the lossy file converts to a WAV of the same length.
      const { writeFileSync, mkdtempSync } = await import('node:fs');
      const dir = mkdtempSync('/tmp/media-e2e-');
      writeFileSync(`${dir}/${out.name}`, out.bytes);
      const back = await probe((await convert(page, 'wav', `${dir}/${out.name}`)).bytes);
      expect(back.audio?.codec).toBe('pcm-s16');
      expect(Math.abs(back.duration - 1)).toBeLessThan(0.1);
    }
  });

  it('makes a FLAC that decodes to exactly the samples of our WAV', async () => {
    const { page } = app;
    const flac = await convert(page, 'flac');
    const wav = await convert(page, 'wav');
    expect((await probe(flac.bytes)).audio?.codec).toBe('flac');
    expect(flac.bytes.length).toBeLessThan(wav.bytes.length);
    const [a, b] = await decodeInPage(page, [flac.bytes, wav.bytes]);
    expect(a.sampleRate).toBe(44100);
    expect(a.channels).toBe(2);
    expect(a.samples.length).toBe(44100 * 2);
    expect(a.samples).toEqual(b.samples);
    // The source WAV decodes to the same samples too: WAV → WAV → FLAC lost nothing.
    const [src] = await decodeInPage(page, [readFileSync(fixture('tone.wav'))]);
    expect(src.samples).toEqual(a.samples);
  });

  it('makes OGG Vorbis with ffmpeg.wasm (no browser encodes Vorbis) at a VBR quality', { timeout: 90_000 }, async () => {
    const { page } = app;
    await page.getByTestId('format').selectOption('ogg');
    await page.getByTestId('ogg-codec').selectOption('vorbis');
    await page.getByTestId('sample-rate').selectOption('44100');
    const out = await convert(page, 'ogg');
    expect(out.name).toBe('tone.ogg');
    const p = await probe(out.bytes);
    expect(p.format).toBe('Ogg');
    expect(p.audio).toMatchObject({ codec: 'vorbis', channels: 2, sampleRate: 44100 });
    expect(Math.abs(p.duration - 1)).toBeLessThan(0.1);
    expect(await page.getByTestId('result-row').textContent()).toContain('Vorbis · VBR q4');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('ogg-codec').selectOption('opus');
    await page.getByTestId('sample-rate').waitFor({ state: 'detached' });
  });

  it('takes the sound of a video, honours sample rate and channels, and reports bad files in their row', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('format').selectOption('mp3');
    await page.getByTestId('sample-rate').selectOption('22050');
    await page.getByTestId('channels').selectOption('1');
    await page.getByTestId('file-input').setInputFiles([fixture('clip.webm'), fixture('corrupt.mp4')]);
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 2)).toEqual(['done', 'error']);
    const p = await probe((await downloadRow(page, 0)).bytes);
    expect(p.video).toBeUndefined();
    expect(p.audio).toMatchObject({ codec: 'mp3', channels: 1, sampleRate: 22050 });
    expect(Math.abs(p.duration - 2)).toBeLessThan(0.1);
    expect(await page.getByTestId('row-error').innerText()).toMatch(/damaged|not a supported|could not be decoded/);
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
