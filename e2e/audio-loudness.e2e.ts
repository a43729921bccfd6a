import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { seriousViolations } from './support/axe';
import { recordWorks } from './support/matrix';
import { downloadRow, waitForRows } from './video-compress-helpers';
import { AUDIO_FX_DIR, audioFixtures, ebur128, ffprobe, rowLoudness } from './audio-fx-judges';

// The loudness normaliser in Chromium: each output measured by ffmpeg's ebur128 (target ±0.5 LU, true peak under the
// ceiling), and the page's own measurement of each input against ebur128's (±0.5 LU).
describe('audio loudness', () => {
  let app: AppSession;
  const f = audioFixtures();
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function run(page: Page, files: string[], timeout = 150_000) {
    if (await page.getByTestId('clear-all').count()) await page.getByTestId('clear-all').click();
    await page.getByTestId('file-input').setInputFiles(files);
    await page.getByTestId('start').click();
    return waitForRows(page, files.length, timeout);
  }

  async function judge(page: Page, index: number, input: string, target: number, ceiling: number) {
    const row = page.getByTestId('result-row').nth(index);
    const out = await downloadRow(page, index);
    const file = path.join(AUDIO_FX_DIR, `out-${target}-${out.name}`);
    writeFileSync(file, out.bytes);
    const [before, after] = rowLoudness(await row.innerText());
    const inputJudge = ebur128(input);
    const outputJudge = ebur128(file);
    console.log(path.basename(input), '→', target, '/', ceiling, { pageBefore: before, ebur128Before: inputJudge, pageAfter: after, ebur128After: outputJudge });
    expect(Math.abs(before.integrated - inputJudge.integrated)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(outputJudge.integrated - target)).toBeLessThanOrEqual(0.5);
    expect(outputJudge.truePeak).toBeLessThanOrEqual(ceiling);
    expect(Math.abs(after.integrated - outputJudge.integrated)).toBeLessThanOrEqual(0.5);
    return { out, file };
  }

  it('brings speech, music and a very quiet 24-bit recording to −16 LUFS under −1 dBTP, in their own formats', { timeout: 300_000 }, async () => {
    const { page } = app;
    await page.goto('/audio/audio-loudness');
    await page.getByTestId('target-preset').selectOption('podcast');
    expect(await page.getByTestId('target-lufs').inputValue()).toBe('-16');
    const inputs = [f('speech.wav'), f('music.flac'), f('quiet.wav')];
    expect(await run(page, inputs)).toEqual(['done', 'done', 'done']);
    for (const [i, input] of inputs.entries()) {
      const { out, file } = await judge(page, i, input, -16, -1);
      const ext = path.extname(input).slice(1);
      expect(out.name).toBe(path.basename(input));
      // Each in its own format: a 24-bit WAV (the quiet one) stays 24-bit.
      expect(ffprobe(file).codec).toBe(ext === 'flac' ? 'flac' : input.endsWith('quiet.wav') ? 'pcm_s24le' : 'pcm_s16le');
    }
    recordWorks('chromium', 'audio-loudness', 'speech, music, quiet → −16 LUFS, ffmpeg ebur128');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('reaches a typed target (−23, EBU R128) on an MP3 under a −2 dBTP ceiling', { timeout: 200_000 }, async () => {
    const { page } = app;
    await page.getByTestId('target-lufs').fill('-23');
    await page.getByTestId('ceiling').fill('-2');
    expect(await page.getByTestId('target-preset').inputValue()).toBe('broadcast');
    expect(await run(page, [f('speech.mp3')])).toEqual(['done']);
    const { file } = await judge(page, 0, f('speech.mp3'), -23, -2);
    expect(ffprobe(file).codec).toBe('mp3');
    await page.getByTestId('target-lufs').fill('-14');
    await page.getByTestId('ceiling').fill('-1');
    expect(await run(page, [f('speech.mp3')])).toEqual(['done']);
    await judge(page, 0, f('speech.mp3'), -14, -1);
    recordWorks('chromium', 'audio-loudness', 'MP3 → −23 and −14 LUFS, ffmpeg ebur128');
  });

  it('says in its row what is wrong with empty, truncated and wrong-extension files; the batch goes on', { timeout: 200_000 }, async () => {
    const { page } = app;
    const statuses = await run(page, [f('empty.wav'), f('not-audio.mp3'), f('header-only.wav'), f('quiet.wav')]);
    expect(statuses).toEqual(['error', 'error', 'error', 'done']);
    const errors = await page.getByTestId('row-error').allInnerTexts();
    console.log('hostile inputs:', errors);
    expect(errors[0]).toMatch(/empty/i);
    for (const e of errors.slice(1)) expect(e).toMatch(/damaged|not a supported|truncated|no sound|could not/);
    await page.getByTestId('download-all').click();
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
