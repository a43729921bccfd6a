import { beforeAll, describe, expect, it } from 'vitest';
import { recordWorks } from '../support/matrix';
import { audioFixtures, ebur128, soxStat } from '../audio-fx-judges';
import { clear, fill, openTool, rowDownload, select } from './app';
import { click, foreignRequests, load, settle, SKIP_WEBKIT, upload, type WebKitSession } from './support';
import { sharedWebKit } from './shared';

// WebKitGTK smoke of the audio edit tools (ffmpeg.wasm, single-thread core): loudness judged by ffmpeg's ebur128,
// speed by sox.
describe.skipIf(SKIP_WEBKIT)('WebKit: audio loudness, speed and merge', { timeout: 240_000 }, () => {
  let wk: WebKitSession;
  const f = audioFixtures();
  beforeAll(async () => {
    wk = await sharedWebKit();
    await load(wk, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  it('audio loudness: speech to −16 LUFS under −1 dBTP', async () => {
    await openTool(wk, '/audio/audio-loudness');
    await select(wk, '[data-testid="target-preset"]', 'podcast');
    await upload(wk, [f('speech.wav')]);
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0, 200_000);
    const out = await wk.download(rowDownload('speech.wav'));
    const judged = ebur128(out.file);
    console.log('WebKit loudness:', judged);
    expect(Math.abs(judged.integrated + 16)).toBeLessThanOrEqual(0.5);
    expect(judged.truePeak).toBeLessThanOrEqual(-1);
    recordWorks('webkit', 'audio-loudness', 'speech → −16 LUFS, ffmpeg ebur128');
    await clear(wk);
  });

  it('audio speed: a 440 Hz tone at 2× is 1.5 s long and still 440 Hz', async () => {
    await openTool(wk, '/audio/audio-speed');
    await fill(wk, '[data-testid="tempo"]', '2');
    await upload(wk, [f('tone.wav')]);
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0, 200_000);
    const out = await wk.download(rowDownload('tone.wav'));
    const m = soxStat(out.file);
    console.log('WebKit speed 2×:', m);
    expect(Math.abs(m.seconds - 1.5)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(m.frequency - 440) / 440).toBeLessThanOrEqual(0.01);
    recordWorks('webkit', 'audio-speed', 'tempo 2×: length and 440 Hz by sox');
    await clear(wk);
  });

  it('audio merge: two tones joined with a 0.5 s crossfade are 5.5 s long', async () => {
    await openTool(wk, '/audio/audio-merge');
    await select(wk, '[data-testid="format"]', 'wav');
    await fill(wk, '[data-testid="crossfade"]', '0.5');
    await upload(wk, [f('tone.wav'), f('tone.flac')]);
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0, 200_000);
    const out = await wk.download(rowDownload('merged'));
    const m = soxStat(out.file);
    console.log('WebKit merge:', m);
    expect(Math.abs(m.seconds - 5.5)).toBeLessThanOrEqual(0.01);
    recordWorks('webkit', 'audio-merge', 'two tones, 0.5 s crossfade: length by sox');
    await clear(wk);
  });

  it('sent nothing off the origin', async () => {
    expect(await foreignRequests(wk)).toEqual([]);
  });
});
