import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { recordWorks } from './support/matrix';
import { recordProgress } from './support/results';
import { largestShift, streamTimes } from '../src/lib/testing/streamTimes';
import { downloadRow, waitForRows } from './video-compress-helpers';
import { durations, soundFrequency, VIDEO_SPEED_DIR, videoPackets, videoSpeedFixtures } from './video-speed-judges';

// Video speed in Chromium. Outside judges: ffprobe's duration = input ÷ factor within one output frame; ffmpeg's
// framemd5 of the picture packets = the source's (copied, never re-encoded) at pts ÷ factor; sox's frequency of the
// sound = 440 Hz within 1 % (pitch kept).
describe('video speed', () => {
  let app: AppSession;
  const f = videoSpeedFixtures();
  const input = durations(f('clip.mp4'));
  const source = videoPackets(f('clip.mp4'));
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function judge(index: number, factor: number, tag: string) {
    const out = await downloadRow(app.page, index);
    const file = path.join(VIDEO_SPEED_DIR, `out-${tag}-${out.name}`);
    writeFileSync(file, out.bytes);
    const d = durations(file);
    const frequency = soundFrequency(file);
    console.log(`${tag} ${factor}×: ${JSON.stringify(d)} s, ${frequency} Hz`);
    const frame = 1 / (25 * factor);
    expect(Math.abs(d.format - input.format / factor)).toBeLessThanOrEqual(frame);
    expect(Math.abs(d.video - input.video / factor)).toBeLessThanOrEqual(frame);
    return { name: out.name, file, frequency };
  }

  it('slows to 0.5× typed: pictures copied at twice their times, 440 Hz kept; hostile files get their own message', { timeout: 60_000 }, async () => {
    const { page } = app;
    await page.goto('/video/video-speed?lng=en');
    await page.getByTestId('speed').fill('0.5');
    await page.getByTestId('file-input').setInputFiles([f('clip.mp4'), f('empty.mp4'), f('truncated.mp4'), f('not-video.mp4')]);
    const progress = await recordProgress(page);
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 4, 45_000)).toEqual(['done', 'error', 'error', 'error']);
    const errors = await page.getByTestId('row-error').allTextContents();
    console.log('hostile inputs:', errors);
    expect(errors[0]).toBe(tr('en', 'errors.emptyFile'));
    expect(errors[1]).toMatch(/^This file is cut short: only \d+ of its 50 frames are there\./);
    expect(errors[2]).toBe(tr('en', 'errors.unreadable', 'media'));
    // Real progress: the sound's stretch, then the pictures' copy, each stage's percentage climbing (the last steps
    // may be drawn with the result rather than before it).
    const samples = (await progress()).filter((s) => s.name === 'clip.mp4');
    console.log('progress of clip.mp4:', samples.map((s) => `${s.stage ?? '-'} ${s.done}`));
    const stages = [...new Set(samples.map((s) => s.stage))];
    expect(stages.length).toBeGreaterThanOrEqual(1);
    for (const stage of stages) {
      const values = samples.filter((s) => s.stage === stage).map((s) => s.done);
      expect(values, stage).toEqual([...values].sort((a, b) => a - b));
      expect(Math.max(...values), stage).toBeLessThanOrEqual(100);
    }
    expect(new Set(samples.map((s) => `${s.stage} ${s.done}`)).size).toBeGreaterThanOrEqual(2);
    const row = page.getByTestId('result-row').first();
    expect(await row.getAttribute('data-engine')).toBe('copy');
    const out = await judge(0, 0.5, 'slow');
    expect(out.name).toBe('clip.mp4');
    const copied = videoPackets(out.file);
    expect(copied.map((p) => p.md5)).toEqual(source.map((p) => p.md5));
    copied.forEach((p, i) => expect(Math.abs(p.pts - source[i].pts * 2)).toBeLessThan(0.002));
    expect(Math.abs(out.frequency - 440) / 440).toBeLessThanOrEqual(0.01);
    recordWorks('chromium', 'video-speed', '0.5×/2×: ffprobe duration, framemd5 = source, sox 440 Hz');
  });

  it('speeds up 2× by preset (MP4 and WebM in one batch, ZIP), and 4× without sound', { timeout: 60_000 }, async () => {
    const { page } = app;
    // The same page: the sound engine (ffmpeg.wasm) stays loaded.
    await page.getByTestId('clear-all').click();
    await page.getByTestId('speed-2').click();
    expect(await page.getByTestId('speed').inputValue()).toBe('2');
    await page.getByTestId('file-input').setInputFiles([f('clip.mp4'), f('clip.webm')]);
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 2, 45_000)).toEqual(['done', 'done']);
    const mp4 = await judge(0, 2, 'fast');
    expect(Math.abs(mp4.frequency - 440) / 440).toBeLessThanOrEqual(0.01);
    const webm = await judge(1, 2, 'fast');
    expect(webm.name).toBe('clip.webm');
    expect(Math.abs(webm.frequency - 440) / 440).toBeLessThanOrEqual(0.01);
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-all').click()]);
    const zipFile = path.join(VIDEO_SPEED_DIR, 'all.zip');
    await zip.saveAs(zipFile);
    expect(execFileSync('unzip', ['-Z1', zipFile], { encoding: 'utf8' }).trim().split('\n').sort()).toEqual(['clip.mp4', 'clip.webm']);

    await page.getByTestId('clear-all').click();
    await page.getByTestId('speed-4').click();
    await page.getByTestId('remove-audio').check();
    await page.getByTestId('file-input').setInputFiles([f('clip.mp4')]);
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 1, 45_000)).toEqual(['done']);
    const silent = await judge(0, 4, 'silent');
    expect(silent.frequency).toBe(0);
    expect(videoPackets(silent.file).map((p) => p.md5)).toEqual(source.map((p) => p.md5));
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  it('re-encodes MPEG-TS, AVI and FLV at 2× (ffmpeg.wasm): every stream starts and ends at its source time ÷ 2, within a frame', { timeout: 180_000 }, async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('speed-2').click();
    await page.getByTestId('remove-audio').setChecked(false);
    const names = ['clip.ts', 'clip.avi', 'clip.flv'];
    await page.getByTestId('file-input').setInputFiles(names.map(f));
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 3, 170_000)).toEqual(['done', 'done', 'done']);
    for (const [i, name] of names.entries()) {
      expect(await page.getByTestId('result-row').nth(i).getAttribute('data-engine')).toBe('ffmpeg');
      const out = await downloadRow(page, i);
      const file = path.join(VIDEO_SPEED_DIR, `re-${name}.mp4`);
      writeFileSync(file, out.bytes);
      const source = streamTimes(f(name));
      const got = streamTimes(file);
      const frame = 1 / 50;
      const sound = Math.max(frame, got.audio!.frame + source.audio!.frame / 2);
      console.log(`${name} 2×: ${got.video.length} pictures, off by ≤ ${largestShift(got.video, source.video.map((t) => t / 2)).toFixed(4)} s, first ${got.video[0].toFixed(4)} for ${(source.video[0] / 2).toFixed(4)}; sound ${got.audio!.start.toFixed(4)}–${got.audio!.end.toFixed(4)} for ${(source.audio!.start / 2).toFixed(4)}–${(source.audio!.end / 2).toFixed(4)}; end ${got.end.toFixed(4)} for ${(source.end / 2).toFixed(4)}, header ${got.duration}`);
      expect(largestShift(got.video, source.video.map((t) => t / 2))).toBeLessThan(0.002);
      expect(Math.abs(got.audio!.start - source.audio!.start / 2)).toBeLessThanOrEqual(frame);
      expect(Math.abs(got.audio!.end - source.audio!.end / 2)).toBeLessThanOrEqual(sound);
      expect(Math.abs(got.end - source.end / 2)).toBeLessThanOrEqual(sound);
      expect(Math.abs(got.duration - got.end)).toBeLessThanOrEqual(frame);
      expect(Math.abs(soundFrequency(file) - 440) / 440).toBeLessThanOrEqual(0.01);
    }
    recordWorks('chromium', 'video-speed', 'TS/AVI/FLV 2× re-encoded: ffprobe each stream ÷ 2 within a frame');
    expect(app.errors).toEqual([]);
  });
});
