import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { recordWorks } from './support/matrix';
import { downloadRow, waitForRows } from './video-compress-helpers';
import { FRAME, MERGE_DIR, beepTimes, flashTimes, mergeFixtures, probeDuration, probeSize, videoPacketHashes } from './video-merge-judges';

// Video merge in Chromium, judged by ffmpeg: the length (ffprobe) is the clips' sum ±1 frame, each clip's white frame
// and beep land together (signalstats, silencedetect) within one frame, and a packet copy's video packets
// (framemd5 of -c copy) are the sources' packets in order.
describe('video merge', () => {
  let app: AppSession;
  const f = mergeFixtures();
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function merge(page: Page, files: string[], reorder?: () => Promise<void>) {
    if (await page.getByTestId('clear-all').count()) await page.getByTestId('clear-all').click();
    while (await page.getByTestId('ordered-files').count()) await page.getByTestId('ordered-files').locator('li').first().press('Delete');
    await page.getByTestId('file-input').setInputFiles(files);
    await reorder?.();
    await page.getByTestId('start').click();
    return waitForRows(page, 1, 60_000);
  }

  async function save(page: Page, name: string) {
    const out = await downloadRow(page, 0);
    const file = path.join(MERGE_DIR, name);
    writeFileSync(file, out.bytes);
    return { file, name: out.name };
  }

  /** Every beep has a flash within one frame, and the flashes are where the clips put them. */
  function expectInSync(file: string, flashes: number[], beeps: number[]) {
    const seen = flashTimes(file);
    const heard = beepTimes(file);
    console.log('flashes', seen, 'beeps', heard);
    expect(seen.length).toBe(flashes.length);
    seen.forEach((t, i) => expect(Math.abs(t - flashes[i])).toBeLessThanOrEqual(FRAME + 1e-3));
    expect(heard.length).toBe(beeps.length);
    heard.forEach((t) => expect(Math.min(...seen.map((s) => Math.abs(s - t)))).toBeLessThanOrEqual(FRAME));
  }

  it('joins matching clips in the order set from the keyboard, without re-encoding', { timeout: 60_000 }, async () => {
    const { page } = app;
    await page.goto('/video/video-merge?lng=en');
    const status = await merge(page, [f.a, f.b, f.c], async () => {
      // c moves above b: a, c, b.
      await page.getByTestId('ordered-files').locator('li').nth(2).press('Alt+ArrowUp');
    });
    expect(status).toEqual(['done']);
    const row = page.getByTestId('result-row').first();
    expect(await row.getAttribute('data-engine')).toBe('copy');
    expect(await row.textContent()).toContain(tr('en', 'path.copied', 'video-merge'));
    const { file, name } = await save(page, 'copy.mp4');
    expect(name).toBe('merged.mp4');
    expect(Math.abs(probeDuration(file) - 4.8)).toBeLessThanOrEqual(FRAME);
    expect(videoPacketHashes(file)).toEqual([f.a, f.c, f.b].flatMap(videoPacketHashes));
    expectInSync(file, [0.8, 2.6, 4.0], [0.8, 2.6, 4.0]);
    recordWorks('chromium', 'video-merge', 'packet copy: framemd5 = sources in order; length and A/V sync by ffmpeg');
  });

  it('re-encodes clips that differ (size, sound rate, no sound) at the first clip\'s size, in sync', { timeout: 60_000 }, async () => {
    const { page } = app;
    expect(await merge(page, [f.a, f.wide, f.silent])).toEqual(['done']);
    const row = page.getByTestId('result-row').first();
    expect(await row.getAttribute('data-engine')).toBe('webcodecs');
    expect(await row.textContent()).toContain(tr('en', 'path.size', 'video-merge'));
    const { file } = await save(page, 'reencoded.mp4');
    expect(probeSize(file)).toBe('160x120');
    expect(Math.abs(probeDuration(file) - 4)).toBeLessThanOrEqual(FRAME);
    expectInSync(file, [0.8, 2.2, 3.52], [0.8, 2.2]);
  });

  it('names the empty or truncated clip in a translated error', { timeout: 30_000 }, async () => {
    const { page } = app;
    await page.goto('/video/video-merge?lng=de');
    expect(await merge(page, [f.a, f.empty])).toEqual(['error']);
    expect(await page.getByTestId('row-error').innerText()).toBe(tr('de', 'errors.empty', 'video-merge').replace('{{name}}', 'empty.mp4'));
    expect(await merge(page, [f.truncated, f.a])).toEqual(['error']);
    expect(await page.getByTestId('row-error').innerText()).toContain('truncated.mp4');
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
