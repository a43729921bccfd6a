import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { seriousViolations } from './support/axe';
import { recordWorks } from './support/matrix';
import { downloadRow, waitForRows } from './video-compress-helpers';
import { AUDIO_FX_DIR, audioFixtures, ffprobe, soxStat } from './audio-fx-judges';

// Speed and pitch in Chromium: sox measures each output's length (samples ÷ rate) and its frequency (zero crossings)
// on a 3 s, 440 Hz tone: length = 3 s ÷ tempo ±10 ms; 440 Hz kept within 1 % by a tempo change, doubled by +12.
describe('audio speed and pitch', () => {
  let app: AppSession;
  const f = audioFixtures();
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function run(page: Page, tempo: number, pitch: number, files: string[]) {
    if (await page.getByTestId('clear-all').count()) await page.getByTestId('clear-all').click();
    await page.getByTestId('tempo').fill(String(tempo));
    await page.getByTestId('pitch').fill(String(pitch));
    await page.getByTestId('file-input').setInputFiles(files);
    await page.getByTestId('start').click();
    return waitForRows(page, files.length, 120_000);
  }

  async function measure(page: Page, index: number, tag: string) {
    const out = await downloadRow(page, index);
    const file = path.join(AUDIO_FX_DIR, `speed-${tag}-${out.name}`);
    writeFileSync(file, out.bytes);
    return { name: out.name, file, ...soxStat(file) };
  }

  it('changes the tempo from 0.5× to 2× and keeps 440 Hz', { timeout: 300_000 }, async () => {
    const { page } = app;
    await page.goto('/audio/audio-speed');
    for (const tempo of [0.5, 0.8, 1.5, 2]) {
      expect(await run(page, tempo, 0, [f('tone.wav')])).toEqual(['done']);
      const m = await measure(page, 0, `t${tempo}`);
      console.log(`tempo ${tempo}:`, m.seconds, 's', m.frequency, 'Hz');
      expect(m.name).toBe('tone.wav');
      expect(Math.abs(m.seconds - 3 / tempo)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(m.frequency - 440) / 440).toBeLessThanOrEqual(0.01);
    }
    recordWorks('chromium', 'audio-speed', 'tempo 0.5×–2×: length and 440 Hz by sox');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shifts the pitch by ±12 semitones keeping the length, also with a tempo change, in FLAC', { timeout: 300_000 }, async () => {
    const { page } = app;
    const cases: [number, number, number][] = [
      [1, 12, 880],
      [1, -12, 220],
      [0.5, 12, 880],
    ];
    for (const [tempo, pitch, hz] of cases) {
      expect(await run(page, tempo, pitch, [f('tone.flac')])).toEqual(['done']);
      const m = await measure(page, 0, `p${tempo}-${pitch}`);
      console.log(`tempo ${tempo} pitch ${pitch}:`, m.seconds, 's', m.frequency, 'Hz');
      expect(ffprobe(m.file)).toMatchObject({ codec: 'flac', sampleRate: 48000 });
      expect(Math.abs(m.seconds - 3 / tempo)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(m.frequency - hz) / hz).toBeLessThanOrEqual(0.01);
    }
    recordWorks('chromium', 'audio-speed', 'pitch ±12 st: 880/220 Hz by sox');
  });

  it('says in its row what is wrong with empty, truncated and wrong-extension files; the batch goes on', { timeout: 200_000 }, async () => {
    const { page } = app;
    const statuses = await run(page, 1.25, 0, [f('empty.wav'), f('not-audio.mp3'), f('header-only.wav'), f('speech.mp3')]);
    expect(statuses).toEqual(['error', 'error', 'error', 'done']);
    const errors = await page.getByTestId('row-error').allInnerTexts();
    console.log('hostile inputs:', errors);
    expect(errors[0]).toMatch(/empty/i);
    for (const e of errors.slice(1)) expect(e).toMatch(/damaged|not a supported|truncated|no sound|could not/);
    expect(ffprobe(path.join(AUDIO_FX_DIR, 'speech.mp3')).codec).toBe('mp3');
    const m = await measure(page, 3, 'mp3');
    expect(ffprobe(m.file).codec).toBe('mp3');
    await page.getByTestId('download-all').click();
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
