import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { seriousViolations } from './support/axe';
import { recordWorks } from './support/matrix';
import { downloadRow, waitForRows } from './video-compress-helpers';
import { AUDIO_FX_DIR, audioFixtures, ffprobe, soxStat } from './audio-fx-judges';
import { tr } from './support/locales';

// Audio merge in Chromium: the output's length (sox: samples ÷ rate) is the inputs' sum minus the crossfades ±10 ms.
describe('audio merge', () => {
  let app: AppSession;
  const f = audioFixtures();
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function merge(page: Page, files: string[], format: string, crossfade: number) {
    if (await page.getByTestId('clear-all').count()) await page.getByTestId('clear-all').click();
    while (await page.getByTestId('ordered-files').count()) await page.getByTestId('ordered-files').locator('li').first().press('Delete');
    await page.getByTestId('format').selectOption(format);
    await page.getByTestId('crossfade').fill(String(crossfade));
    await page.getByTestId('file-input').setInputFiles(files);
    await page.getByTestId('start').click();
    return waitForRows(page, 1, 120_000);
  }

  it('joins WAV, MP3 and FLAC in order, with and without a crossfade', { timeout: 300_000 }, async () => {
    const { page } = app;
    await page.goto('/audio/audio-merge');
    const inputs = [f('tone.wav'), f('speech.mp3'), f('tone.flac')];
    const sum = inputs.map((i) => soxStat(i).seconds).reduce((a, b) => a + b, 0);
    for (const [format, crossfade, codec] of [
      ['wav', 0, 'pcm_s16le'],
      ['flac', 0.5, 'flac'],
    ] as const) {
      expect(await merge(page, inputs, format, crossfade)).toEqual(['done']);
      const out = await downloadRow(page, 0);
      const file = path.join(AUDIO_FX_DIR, `merge-${crossfade}-${out.name}`);
      writeFileSync(file, out.bytes);
      const m = soxStat(file);
      console.log(`merge → ${format}, crossfade ${crossfade}:`, m.seconds, 's, expected', sum - 2 * crossfade);
      expect(out.name).toBe(`merged.${format}`);
      expect(ffprobe(file)).toMatchObject({ codec, sampleRate: 44100 });
      // The first file's channels (stereo) though the MP3 and FLAC are mono: each part is brought to them in the graph.
      expect(execFileSync('soxi', ['-c', file], { encoding: 'utf8' }).trim()).toBe('2');
      expect(Math.abs(m.seconds - (sum - 2 * crossfade))).toBeLessThanOrEqual(0.01);
    }
    recordWorks('chromium', 'audio-merge', 'WAV + MP3 + FLAC → WAV, FLAC with crossfade; length by sox');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('joins without a click: a tone ending at its peak and one starting at zero, no crossfade', { timeout: 120_000 }, async () => {
    const { page } = app;
    const dir = mkdtempSync(path.join(tmpdir(), 'audio-merge-click-'));
    // 1 s each of 440 Hz at 0.5, 16-bit: cos ends at +0.5, sin starts at 0. Joined as they are, a 0.5 step.
    const [peak, zero] = ['cos', 'sin'].map((fn) => {
      const file = path.join(dir, `${fn}.wav`);
      execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `aevalsrc=0.5*${fn}(2*PI*440*t):s=44100:d=1`, '-c:a', 'pcm_s16le', file]);
      return file;
    });
    // sox decodes; the largest step between neighbouring samples of each file.
    const samples = (file: string) => {
      const raw = execFileSync('sox', [file, '-t', 's16', '-c', '1', '-']);
      return Int16Array.from({ length: raw.length / 2 }, (_, i) => raw.readInt16LE(i * 2));
    };
    const steps = (x: Int16Array) => x.reduce((m, v, n) => (n ? Math.max(m, Math.abs(v - x[n - 1])) : 0), 0);
    const own = Math.max(steps(samples(peak)), steps(samples(zero)));
    expect(await merge(page, [peak, zero], 'wav', 0)).toEqual(['done']);
    const file = path.join(dir, 'merged.wav');
    writeFileSync(file, (await downloadRow(page, 0)).bytes);
    const out = samples(file);
    const join = Math.max(...Array.from({ length: 441 }, (_, k) => Math.abs(out[44_100 - 220 + k] - out[44_100 - 221 + k])));
    console.log(`merge of a tone ending at its peak and one starting at zero: ${out.length} samples, largest step ${steps(out)} (at the join ${join}), the tones' own ${own}`);
    expect(out.length).toBe(88_200);
    expect(steps(out)).toBeLessThanOrEqual(own + 1);
    // The page says what the smoothing does, and the row that it was applied.
    expect(await page.getByTestId('join-smoothing').innerText()).toBe(tr('en', 'smoothing', 'audio-merge'));
    expect(await page.getByTestId('result-row').innerText()).toContain(tr('en', 'smoothed', 'audio-merge'));
    recordWorks('chromium', 'audio-merge', 'no click at a hard join (sox samples)');
  });

  it('says in the row what is wrong when one file is not audio', { timeout: 120_000 }, async () => {
    const { page } = app;
    expect(await merge(page, [f('tone.wav'), f('not-audio.mp3')], 'mp3', 0)).toEqual(['error']);
    expect(await page.getByTestId('row-error').innerText()).toMatch(/damaged|not a supported/);
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
