import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { recordWorks } from './support/matrix';
import { downloadRow, waitForRows } from './video-compress-helpers';

// Outside judges: sox cuts the source's samples (raw, sample-exact) and soxi reads the result's length in samples.
const soxRaw = (file: string, ...effects: string[]) => execFileSync('sox', [file, '-t', 'raw', '-', ...effects], { maxBuffer: 1 << 28 });
const samples = (file: string) => Number(execFileSync('soxi', ['-s', file], { encoding: 'utf8' }));
/** 24-bit little-endian samples as numbers. */
const int24 = (b: Buffer) => Array.from({ length: b.length / 3 }, (_, i) => b.readIntLE(i * 3, 3));

describe('audio trim (WAV, sample-exact)', () => {
  let app: AppSession;
  let dir: string;
  let wav: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'audio-trim-'));
    // 8 s of 48 kHz 24-bit stereo: a 440 Hz tone, a little noise.
    wav = path.join(dir, 'take.wav');
    execFileSync('sox', ['-n', '-r', '48000', '-b', '24', '-c', '2', wav, 'synth', '8', 'sine', '440', 'whitenoise', 'remix', '1,2v0.1', '1v0.1,2']);
    writeFileSync(path.join(dir, 'empty.wav'), '');
    writeFileSync(path.join(dir, 'notes.mp3'), 'not really an mp3');
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps exactly the source samples of typed ranges; hostile files fail in their rows', { timeout: 90_000 }, async () => {
    const { page } = app;
    await page.goto('/audio/audio-trim?lng=en');
    await page.getByTestId('file-input').setInputFiles([wav, path.join(dir, 'empty.wav'), path.join(dir, 'notes.mp3')]);
    await page.getByTestId('timeline').waitFor();
    await page.getByTestId('trim-start').fill('1.25');
    await page.getByTestId('trim-start').press('Enter');
    await page.getByTestId('trim-end').fill('00:00:03.500');
    await page.getByTestId('trim-end').press('Enter');
    await page.getByTestId('range-add').click();
    await page.getByTestId('range').nth(1).getByRole('textbox').first().fill('5');
    await page.getByTestId('range').nth(1).getByRole('textbox').first().press('Enter');
    await page.getByTestId('range').nth(1).getByRole('textbox').nth(1).fill('6');
    await page.getByTestId('range').nth(1).getByRole('textbox').nth(1).press('Enter');
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 3, 60_000)).toEqual(['done', 'error', 'error']);
    expect(await page.getByTestId('row-error').allTextContents()).toEqual([tr('en', 'errors.emptyFile'), tr('en', 'errors.format', 'audio-trim')]);
    const out = await downloadRow(page, 0);
    expect(out.name).toBe('take.wav');
    const file = path.join(dir, 'out.wav');
    writeFileSync(file, out.bytes);
    // 2.25 s + 1 s at 48 kHz, to the sample (well within 1 ms).
    expect(samples(file)).toBe(156_000);
    const expected = Buffer.concat([soxRaw(wav, 'trim', '60000s', '=168000s'), soxRaw(wav, 'trim', '240000s', '=288000s')]);
    expect(soxRaw(file).equals(expected)).toBe(true);
    recordWorks('chromium', 'audio-trim', 'WAV samples = sox trim of the source');
    expect(foreignRequests(app)).toEqual([]);
  });

  it('fades in and out over the typed lengths, monotonic, the middle untouched', { timeout: 90_000 }, async () => {
    const { page } = app;
    await page.goto('/audio/audio-trim?lng=ja');
    await page.getByTestId('file-input').setInputFiles([wav]);
    await page.getByTestId('timeline').waitFor();
    // The last visit's ranges are remembered: back to one range, the whole file.
    await page.getByTestId('range-remove').nth(1).click();
    await page.getByTestId('trim-start').fill('0');
    await page.getByTestId('trim-start').press('Enter');
    await page.getByTestId('trim-end').fill('8');
    await page.getByTestId('trim-end').press('Enter');
    await page.getByTestId('fade-in').fill('0.5');
    await page.getByTestId('fade-in').press('Enter');
    await page.getByTestId('fade-out').fill('1');
    await page.getByTestId('fade-out').press('Enter');
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 1, 60_000)).toEqual(['done']);
    const file = path.join(dir, 'faded.wav');
    writeFileSync(file, (await downloadRow(page, 0)).bytes);
    expect(samples(file)).toBe(384_000);
    const src = int24(soxRaw(wav));
    const got = int24(soxRaw(file));
    // Gain per frame: k/24000 over the first 0.5 s, (48000-1-k)/48000 over the last second; within rounding.
    const gain = (f: number) => (f < 24_000 ? f / 24_000 : f >= 336_000 ? (384_000 - 1 - f) / 48_000 : 1);
    let worst = 0;
    for (let i = 0; i < got.length; i++) worst = Math.max(worst, Math.abs(got[i] - Math.round(src[i] * gain(i >> 1))));
    expect(worst).toBeLessThanOrEqual(1);
    expect(got.slice(48_000, 672_000)).toEqual(src.slice(48_000, 672_000));
    expect(app.errors).toEqual([]);
  });
});
