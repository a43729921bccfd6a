import { beforeAll, describe, expect, it } from 'vitest';
import { recordWorks } from '../support/matrix';
import { audioFixtures, ebur128, soxStat } from '../audio-fx-judges';
import { foreignRequests, load, settle, SKIP_FIREFOX, type FirefoxSession } from './support';
import { sharedFirefox } from './shared';
import { ui } from './ui';

// Firefox ESR smoke of the audio edit tools, through ffmpeg.wasm's single-thread core: loudness judged by ffmpeg's
// ebur128, speed by sox.
describe.skipIf(SKIP_FIREFOX)('Firefox ESR: audio loudness, speed and merge', { timeout: 240_000 }, () => {
  let ff: FirefoxSession;
  let $: ReturnType<typeof ui>;
  const f = audioFixtures();
  beforeAll(async () => {
    ff = await sharedFirefox();
    $ = ui(ff);
    await load(ff, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  it('audio loudness: speech to −16 LUFS under −1 dBTP', async () => {
    await $.openTool('/audio/audio-loudness');
    await $.select('[data-testid="target-preset"]', 'podcast');
    await $.upload(f('speech.wav'));
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0, 200_000);
    const out = await ff.download($.rowDownload('speech.wav'));
    const judged = ebur128(out.file);
    console.log('Firefox loudness:', judged);
    expect(Math.abs(judged.integrated + 16)).toBeLessThanOrEqual(0.5);
    expect(judged.truePeak).toBeLessThanOrEqual(-1);
    recordWorks('firefox', 'audio-loudness', 'speech → −16 LUFS, ffmpeg ebur128');
    await $.clear();
  });

  it('audio speed: a 440 Hz tone at 2× is 1.5 s long and still 440 Hz', async () => {
    await $.openTool('/audio/audio-speed');
    await $.fill('[data-testid="tempo"]', '2');
    await $.upload(f('tone.wav'));
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0, 200_000);
    const out = await ff.download($.rowDownload('tone.wav'));
    const m = soxStat(out.file);
    console.log('Firefox speed 2×:', m);
    expect(Math.abs(m.seconds - 1.5)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(m.frequency - 440) / 440).toBeLessThanOrEqual(0.01);
    recordWorks('firefox', 'audio-speed', 'tempo 2×: length and 440 Hz by sox');
    await $.clear();
  });

  it('audio merge: two tones joined with a 0.5 s crossfade are 5.5 s long', async () => {
    await $.openTool('/audio/audio-merge');
    await $.select('[data-testid="format"]', 'wav');
    await $.fill('[data-testid="crossfade"]', '0.5');
    await $.upload(f('tone.wav'), f('tone.flac'));
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0, 200_000);
    const out = await ff.download($.rowDownload('merged'));
    const m = soxStat(out.file);
    console.log('Firefox merge:', m);
    expect(Math.abs(m.seconds - 5.5)).toBeLessThanOrEqual(0.01);
    recordWorks('firefox', 'audio-merge', 'two tones, 0.5 s crossfade: length by sox');
    await $.clear();
  });

  it('sent nothing off the origin and logged no error', () => {
    expect(foreignRequests(ff)).toEqual([]);
    expect(ff.errors).toEqual([]);
  });
});
