import { beforeAll, describe, expect, it } from 'vitest';
import { recordWorks } from '../support/matrix';
import { durations, soundFrequency, videoSpeedFixtures } from '../video-speed-judges';
import { foreignRequests, load, settle, SKIP_FIREFOX, type FirefoxSession } from './support';
import { sharedFirefox } from './shared';
import { ui } from './ui';

// Firefox ESR smoke of video speed: 2× by preset, ffprobe's duration (input ÷ 2 within a frame) and sox's 440 Hz.
describe.skipIf(SKIP_FIREFOX)('Firefox ESR: video speed', { timeout: 150_000 }, () => {
  let ff: FirefoxSession;
  let $: ReturnType<typeof ui>;
  const f = videoSpeedFixtures();
  beforeAll(async () => {
    ff = await sharedFirefox();
    $ = ui(ff);
    await load(ff, '/video/video-speed?lng=en');
  }, 300_000);

  it('2×: half the length, the pictures copied, 440 Hz kept', async () => {
    await $.click('[data-testid="speed-2"]');
    await $.upload(f('clip.mp4'));
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0, 120_000);
    expect(await $.attr('[data-testid="result-row"][data-name="clip.mp4"]', 'data-engine')).toBe('copy');
    const out = await ff.download($.rowDownload('clip.mp4'));
    const d = durations(out.file);
    const hz = soundFrequency(out.file);
    console.log(`Firefox video speed 2×: ${JSON.stringify(d)} s, ${hz} Hz`);
    expect(Math.abs(d.format - durations(f('clip.mp4')).format / 2)).toBeLessThanOrEqual(1 / 50);
    expect(Math.abs(hz - 440) / 440).toBeLessThanOrEqual(0.01);
    recordWorks('firefox', 'video-speed', '2×: ffprobe duration, sox 440 Hz');
    expect(foreignRequests(ff)).toEqual([]);
    expect(ff.errors).toEqual([]);
  });
});
