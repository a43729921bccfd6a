import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appForSuite, foreignRequests } from './support/app';
import { seriousViolations } from './support/axe';
import { decodeInPage, downloadRow, fixture, probe, waitForRows } from './video-compress-helpers';
import { recordWorks } from './support/matrix';

async function convert(page: Page, format: string, file = fixture('tone.wav')) {
  if (await page.getByTestId('clear-all').count()) await page.getByTestId('clear-all').click();
  await page.getByTestId('format').selectOption(format);
  await page.getByTestId('file-input').setInputFiles([file]);
  await page.getByTestId('start').click();
  expect(await waitForRows(page, 1)).toEqual(['done']);
  return downloadRow(page, 0);
}

describe('audio converter', () => {
  const app = appForSuite();

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
    recordWorks('chromium', 'audio-converter', 'WAV to MP3, Opus, AAC, WAV, ffprobe');
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
    expect(await page.getByTestId('result-row').getAttribute('data-engine')).toBe('ffmpeg');
    recordWorks('chromium', 'audio-converter', 'WAV → OGG Vorbis, ffprobe', 'ffmpeg.wasm');
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

  it('reports the bit rate and length really written, and refuses to make an empty file', { timeout: 120_000 }, async () => {
    const { page } = app;
    const dir = mkdtempSync('/tmp/media-e2e-');
    // 8 kHz mono: MP3 at this rate (MPEG-2.5) goes no higher than 64 kbit/s, whatever is asked.
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=440:r=8000:d=5', '-c:a', 'pcm_u8', `${dir}/low.wav`]);
    const wav = readFileSync(`${dir}/low.wav`);
    // The same WAV cut at 60 % of its bytes (its header still claims 5 s), and its header alone.
    writeFileSync(`${dir}/cut.wav`, wav.subarray(0, Math.round(wav.length * 0.6)));
    writeFileSync(`${dir}/header-only.wav`, wav.subarray(0, 44));
    await page.getByTestId('clear-all').click();
    await page.getByTestId('format').selectOption('mp3');
    await page.getByTestId('bitrate').selectOption('192');
    await page.getByTestId('sample-rate').selectOption('0');
    await page.getByTestId('channels').selectOption('0');
    await page.getByTestId('file-input').setInputFiles([`${dir}/low.wav`, `${dir}/cut.wav`, `${dir}/header-only.wav`]);
    await page.getByTestId('start').click();
    const statuses = await waitForRows(page, 3, 90_000);
    const rows = page.getByTestId('result-row');
    // What ffprobe, a reader we did not write, finds in each output.
    const ffprobe = (bytes: Buffer, name: string) => {
      writeFileSync(`${dir}/${name}`, bytes);
      const out = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration,bit_rate:stream=sample_rate,channels', '-of', 'json', `${dir}/${name}`], { encoding: 'utf8' }));
      return { duration: Number(out.format.duration), kbps: Number(out.format.bit_rate) / 1000, sampleRate: Number(out.streams[0].sample_rate) };
    };
    expect(statuses[0]).toBe('done');
    const full = ffprobe((await downloadRow(page, 0)).bytes, 'low.mp3');
    const rowText = await rows.nth(0).innerText();
    console.log('8 kHz MP3 asked at 192 kbps:', full, '| row:', rowText.replace(/\s+/g, ' '));
    expect(full.sampleRate).toBe(8000);
    expect(full.kbps).toBeLessThanOrEqual(64.5);
    expect(rowText).not.toContain('192 kbps');
    const shown = Number(/(\d+) kbps/.exec(rowText)?.[1]);
    expect(Math.abs(shown - full.kbps)).toBeLessThanOrEqual(Math.max(2, full.kbps * 0.05));
    expect(Math.abs(full.duration - 5)).toBeLessThan(0.35);
    expect(rowText).toContain('0:05');
    // The cut WAV: what is there is converted, and its length is what was there (3 s), not what the header said.
    if (statuses[1] === 'done') {
      const cut = ffprobe((await downloadRow(page, 1)).bytes, 'cut.mp3');
      console.log('cut WAV:', cut, '| row:', (await rows.nth(1).innerText()).replace(/\s+/g, ' '));
      expect(Math.abs(cut.duration - 3)).toBeLessThan(0.35);
      expect(await rows.nth(1).innerText()).toContain('0:03');
    } else {
      expect(await rows.nth(1).getByTestId('row-error').innerText()).toMatch(/damaged|truncated/);
    }
    // The header alone has no sound: an error in its row, never a 0-second file marked done.
    expect(statuses[2]).toBe('error');
    const error = await rows.nth(2).getByTestId('row-error').innerText();
    console.log('header-only WAV:', error);
    expect(error).toMatch(/damaged|truncated|no sound/);
  });
});
