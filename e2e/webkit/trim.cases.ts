import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordWorks } from '../support/matrix';
import { judgeTrim, trimFormatFixtures } from '../audio-trim-judges';
import { FRAME, mergeFixtures, probeDuration, videoPacketHashes } from '../video-merge-judges';
import { judgeExactH264, tsClip } from '../video-judges';
import { tr } from '../support/locales';
import { streamTimes } from '../../src/lib/testing/streamTimes';
import { clear, fill, openTool, rowDownload } from './app';
import { click, foreignRequests, load, settle, SKIP_WEBKIT, text, upload, waitFor, type WebKitSession } from './support';
import { sharedWebKit } from './shared';

// WebKitGTK smoke: video trim and video merge (packet copy) and audio trim (WAV samples; MP3, M4A, Opus, WebM packets;
// FLAC samples), typed times, judged by ffprobe, ffmpeg and sox.
const MEDIA = path.resolve('src/engines/media/fixtures');

describe.skipIf(SKIP_WEBKIT)('WebKit: trim', { timeout: 120_000 }, () => {
  let wk: WebKitSession;
  beforeAll(async () => {
    wk = await sharedWebKit();
    await load(wk, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  /** Types a time and leaves the field, which commits it. */
  const type = async (testId: string, value: string) => {
    await fill(wk, `[data-testid="${testId}"]`, value);
    const el = await waitFor(wk, `[data-testid="${testId}"]`);
    await wk.driver.exec((e: HTMLElement) => (e.focus(), e.blur()), el as unknown as HTMLElement);
  };

  it('audio trim: typed range of a WAV, to the sample', async () => {
    await openTool(wk, '/audio/audio-trim');
    await upload(wk, [path.join(MEDIA, 'tone.wav')]);
    await waitFor(wk, '[data-testid="timeline"]');
    await type('trim-start', '0.25');
    await type('trim-end', '00:00.750');
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0, 60_000);
    const out = await wk.download(rowDownload('tone.wav'));
    expect(Number(execFileSync('soxi', ['-s', out.file], { encoding: 'utf8' }))).toBe(22_050);
    const src = execFileSync('sox', [path.join(MEDIA, 'tone.wav'), '-t', 'raw', '-', 'trim', '11025s', '=33075s']);
    expect(execFileSync('sox', [out.file, '-t', 'raw', '-']).equals(src)).toBe(true);
    recordWorks('webkit', 'audio-trim', 'WAV samples = sox trim');
    await clear(wk);
  });

  it('audio trim: MP3, M4A, Opus, WebM (packets copied) and FLAC (samples kept), one file each', async () => {
    const files = trimFormatFixtures();
    await openTool(wk, '/audio/audio-trim');
    await upload(wk, files);
    await waitFor(wk, '[data-testid="timeline"]');
    await type('trim-start', '0.5');
    await type('trim-end', '2');
    await click(wk, '[data-testid="start"]');
    await settle(wk, files.length, 0, 90_000);
    const measured: string[] = [];
    for (const source of files) {
      const out = await wk.download(rowDownload(path.basename(source)));
      measured.push(judgeTrim(out.file, source, 0.5, 2));
    }
    console.log(`WebKit audio trim: ${measured.join('; ')}`);
    recordWorks('webkit', 'audio-trim', 'MP3, M4A, Opus, WebM packets; FLAC samples = source');
    await clear(wk);
  });

  it('video trim: the first second of an MP4, packets copied', async () => {
    await openTool(wk, '/video/video-trim');
    await upload(wk, [path.join(MEDIA, 'clip.mp4')]);
    await waitFor(wk, '[data-testid="timeline"]');
    await type('trim-start', '0');
    await type('trim-end', '1');
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0, 60_000);
    const out = await wk.download(rowDownload('clip.mp4'));
    const md5 = (f: string) => execFileSync('ffmpeg', ['-v', 'error', '-i', f, '-map', '0:v', '-c', 'copy', '-f', 'framemd5', '-'], { encoding: 'utf8' }).split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(',').at(-1)!.trim());
    const source = new Set(md5(path.join(MEDIA, 'clip.mp4')));
    const kept = md5(out.file);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((h) => source.has(h))).toBe(true);
    recordWorks('webkit', 'video-trim', 'framemd5 of kept packets = source');
    await clear(wk);
    // Exact cut of H.264 inside its one GOP (0.5-1 s of 30 fps: 15 pictures re-encoded beside the source's avcC), or
    // the named fallback where WebKitGTK has no H.264 encoder.
    await upload(wk, [path.join(MEDIA, 'clip.mp4')]);
    await waitFor(wk, '[data-testid="timeline"]');
    await type('trim-start', '0.5');
    await type('trim-end', '1');
    await click(wk, '[data-testid="exact-cut"]');
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0, 60_000);
    const exactOut = await wk.download(rowDownload('clip.mp4'));
    const verdict = judgeExactH264((await text(wk, '[data-testid="result-row"]')) ?? '', exactOut.file, 15, { exact: tr('en', 'note.exact', 'video-trim'), unavailable: tr('en', 'note.exactUnavailable', 'video-trim') });
    console.log(`WebKit exact cut of H.264: ${verdict}`);
    if (verdict === 'exact') recordWorks('webkit', 'video-trim', 'exact cut (H.264 MP4): decodes without errors');
    await click(wk, '[data-testid="exact-cut"]');
    await clear(wk);
    // An MPEG-TS: WebKitGTK's player (GStreamer) opens it; the timeline and strip of pictures match the file.
    await upload(wk, [tsClip()]);
    await waitFor(wk, '[data-testid="timeline"]');
    const strip = await waitFor(wk, '[data-testid="thumbnails"][data-complete="true"]', { timeout: 30_000 });
    const handle = await waitFor(wk, '[data-testid="handle-end"]');
    // The player's estimate first, then the file's own length once its worker has read it (the strip may finish before).
    const readEnd = async () => Number(await wk.driver.exec((h: HTMLElement) => h.getAttribute('aria-valuemax'), handle as unknown as HTMLElement));
    await expect.poll(async () => Math.abs((await readEnd()) - streamTimes(tsClip()).end), { timeout: 15_000 }).toBeLessThanOrEqual(1 / 25);
    const end = await readEnd();
    const [count, filled] = await wk.driver.exec((c: HTMLElement) => [Number(c.getAttribute('data-count')), Number(c.getAttribute('data-filled'))], strip as unknown as HTMLElement);
    console.log(`WebKit TS timeline: ${end} s (ffprobe ${streamTimes(tsClip()).end.toFixed(3)} s), ${filled} of ${count} pictures`);
    expect(Math.abs(end - streamTimes(tsClip()).end)).toBeLessThanOrEqual(1 / 25);
    expect(count).toBeGreaterThan(3);
    expect(filled).toBe(count);
    recordWorks('webkit', 'video-trim', 'MPEG-TS timeline and strip read from the file');
    expect(await foreignRequests(wk)).toEqual([]);
    await clear(wk);
  });

  it('video merge: two matching clips joined without re-encoding', { timeout: 25_000 }, async () => {
    const clips = mergeFixtures();
    await openTool(wk, '/video/video-merge');
    await upload(wk, [clips.a, clips.b]);
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0, 20_000);
    const out = await wk.download(rowDownload('merged'));
    expect(Math.abs(probeDuration(out.file) - 2.8)).toBeLessThanOrEqual(FRAME);
    expect(videoPacketHashes(out.file)).toEqual([clips.a, clips.b].flatMap(videoPacketHashes));
    recordWorks('webkit', 'video-merge', 'packet copy: framemd5 = sources in order, length by ffprobe');
    await clear(wk);
  });
});
