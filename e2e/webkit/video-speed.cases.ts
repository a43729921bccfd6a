import { beforeAll, describe, expect, it } from 'vitest';
import { recordWorks } from '../support/matrix';
import { durations, soundFrequency, videoSpeedFixtures } from '../video-speed-judges';
import { rowDownload } from './app';
import { attr, click, collect, foreignRequests, load, settle, SKIP_WEBKIT, upload, type WebKitSession } from './support';
import { sharedWebKit } from './shared';

// WebKitGTK smoke of video speed: 0.5× by preset, ffprobe's duration (input × 2 within a frame) and sox's 440 Hz.
describe.skipIf(SKIP_WEBKIT)('WebKit: video speed', { timeout: 150_000 }, () => {
  let wk: WebKitSession;
  const f = videoSpeedFixtures();
  beforeAll(async () => {
    wk = await sharedWebKit();
    await load(wk, '/video/video-speed?lng=en');
  }, 300_000);

  it('0.5×: twice the length, the pictures copied, 440 Hz kept', async () => {
    await click(wk, '[data-testid="speed-0.5"]');
    await upload(wk, [f('clip.mp4')]);
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0, 120_000);
    expect(await attr(wk, '[data-testid="result-row"][data-name="clip.mp4"]', 'data-engine')).toBe('copy');
    const out = await wk.download(rowDownload('clip.mp4'));
    const d = durations(out.file);
    const hz = soundFrequency(out.file);
    console.log(`WebKit video speed 0.5×: ${JSON.stringify(d)} s, ${hz} Hz`);
    expect(Math.abs(d.format - durations(f('clip.mp4')).format * 2)).toBeLessThanOrEqual(1 / 12.5);
    expect(Math.abs(hz - 440) / 440).toBeLessThanOrEqual(0.01);
    recordWorks('webkit', 'video-speed', '0.5×: ffprobe duration, sox 440 Hz');
    await collect(wk);
    expect(await foreignRequests(wk)).toEqual([]);
    expect(wk.errors).toEqual([]);
  });
});
