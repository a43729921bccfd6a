import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordWorks } from '../support/matrix';
import { judgeTrim, trimFormatFixtures } from '../audio-trim-judges';
import { FRAME, mergeFixtures, probeDuration, videoPacketHashes } from '../video-merge-judges';
import { judgeExactH264, tsClip } from '../video-judges';
import { tr } from '../support/locales';
import { streamTimes } from '../../src/lib/testing/streamTimes';
import { foreignRequests, load, settle, SKIP_FIREFOX, type FirefoxSession } from './support';
import { sharedFirefox } from './shared';
import { ui } from './ui';

// Firefox ESR smoke: video trim and video merge (packet copy) and audio trim (WAV samples; MP3, M4A, Opus, WebM packets;
// FLAC samples), typed times, judged by ffprobe, ffmpeg and soxi.
const MEDIA = path.resolve('src/engines/media/fixtures');

describe.skipIf(SKIP_FIREFOX)('Firefox ESR: trim', { timeout: 120_000 }, () => {
  let ff: FirefoxSession;
  let $: ReturnType<typeof ui>;
  beforeAll(async () => {
    ff = await sharedFirefox();
    $ = ui(ff);
    await load(ff, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  const type = async (testId: string, value: string) => {
    await $.fill(`[data-testid="${testId}"]`, value);
    await $.click(`[data-testid="${testId}"]`);
    await ff.page.keyboard.press('Enter');
  };

  it('audio trim: typed range of a WAV, to the sample', async () => {
    await $.openTool('/audio/audio-trim');
    await $.upload(path.join(MEDIA, 'tone.wav'));
    await ff.page.waitForSelector('[data-testid="timeline"]');
    await type('trim-start', '0.25');
    await type('trim-end', '00:00.750');
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0, 60_000);
    const out = await ff.download($.rowDownload('tone.wav'));
    expect(Number(execFileSync('soxi', ['-s', out.file], { encoding: 'utf8' }))).toBe(22_050);
    const src = execFileSync('sox', [path.join(MEDIA, 'tone.wav'), '-t', 'raw', '-', 'trim', '11025s', '=33075s']);
    expect(execFileSync('sox', [out.file, '-t', 'raw', '-']).equals(src)).toBe(true);
    recordWorks('firefox', 'audio-trim', 'WAV samples = sox trim');
    await $.clear();
  });

  it('audio trim: MP3, M4A, Opus, WebM (packets copied) and FLAC (samples kept), one file each', async () => {
    const files = trimFormatFixtures();
    await $.openTool('/audio/audio-trim');
    await $.upload(...files);
    await ff.page.waitForSelector('[data-testid="timeline"]');
    await type('trim-start', '0.5');
    await type('trim-end', '2');
    await $.click('[data-testid="start"]');
    await settle(ff.page, files.length, 0, 90_000);
    const measured: string[] = [];
    for (const source of files) {
      const out = await ff.download($.rowDownload(path.basename(source)));
      measured.push(judgeTrim(out.file, source, 0.5, 2));
    }
    console.log(`Firefox audio trim: ${measured.join('; ')}`);
    recordWorks('firefox', 'audio-trim', 'MP3, M4A, Opus, WebM packets; FLAC samples = source');
    await $.clear();
  });

  it('video trim: the first second of an MP4, packets copied', async () => {
    await $.openTool('/video/video-trim');
    await $.upload(path.join(MEDIA, 'clip.mp4'));
    await ff.page.waitForSelector('[data-testid="timeline"]');
    await type('trim-start', '0');
    await type('trim-end', '1');
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0, 60_000);
    const out = await ff.download($.rowDownload('clip.mp4'));
    const duration = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', out.file], { encoding: 'utf8' }));
    expect(Math.abs(duration - 1)).toBeLessThan(0.1);
    const md5 = (f: string) => execFileSync('ffmpeg', ['-v', 'error', '-i', f, '-map', '0:v', '-c', 'copy', '-f', 'framemd5', '-'], { encoding: 'utf8' }).split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(',').at(-1)!.trim());
    const source = new Set(md5(path.join(MEDIA, 'clip.mp4')));
    const kept = md5(out.file);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((h) => source.has(h))).toBe(true);
    recordWorks('firefox', 'video-trim', 'framemd5 of kept packets = source');
    await $.clear();
    // Exact cut of H.264 inside its one GOP (0.5-1 s of 30 fps: 15 pictures re-encoded beside the source's avcC), or
    // the named fallback where this Firefox has no H.264 encoder.
    await $.upload(path.join(MEDIA, 'clip.mp4'));
    await ff.page.waitForSelector('[data-testid="timeline"]');
    await type('trim-start', '0.5');
    await type('trim-end', '1');
    await $.click('[data-testid="exact-cut"]');
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0, 60_000);
    const exactOut = await ff.download($.rowDownload('clip.mp4'));
    const verdict = judgeExactH264(await $.text('[data-testid="result-row"]'), exactOut.file, 15, { exact: tr('en', 'note.exact', 'video-trim'), unavailable: tr('en', 'note.exactUnavailable', 'video-trim') });
    console.log(`Firefox exact cut of H.264: ${verdict}`);
    if (verdict === 'exact') recordWorks('firefox', 'video-trim', 'exact cut (H.264 MP4): decodes without errors');
    await $.click('[data-testid="exact-cut"]');
    await $.clear();
    // An MPEG-TS (no browser plays it): its timeline and strip of pictures read from the file.
    await $.upload(tsClip());
    await ff.page.waitForSelector('[data-testid="trim-no-player"]');
    await ff.page.waitForSelector('[data-testid="thumbnails"][data-complete="true"]', { timeout: 30_000 });
    const end = Number(await ff.page.$eval('[data-testid="handle-end"]', (h) => h.getAttribute('aria-valuemax')));
    const [count, filled] = await ff.page.$eval('[data-testid="thumbnails"]', (c) => [Number(c.getAttribute('data-count')), Number(c.getAttribute('data-filled'))]);
    console.log(`Firefox TS timeline: ${end} s (ffprobe ${streamTimes(tsClip()).end.toFixed(3)} s), ${filled} of ${count} pictures`);
    expect(Math.abs(end - streamTimes(tsClip()).end)).toBeLessThanOrEqual(1 / 25);
    expect(count).toBeGreaterThan(3);
    expect(filled).toBe(count);
    recordWorks('firefox', 'video-trim', 'MPEG-TS timeline and strip read from the file');
    expect(foreignRequests(ff)).toEqual([]);
    await $.clear();
  });

  it('video merge: two matching clips joined without re-encoding', { timeout: 25_000 }, async () => {
    const clips = mergeFixtures();
    await $.openTool('/video/video-merge');
    await $.upload(clips.a, clips.b);
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0, 20_000);
    const out = await ff.download($.rowDownload('merged'));
    expect(Math.abs(probeDuration(out.file) - 2.8)).toBeLessThanOrEqual(FRAME);
    expect(videoPacketHashes(out.file)).toEqual([clips.a, clips.b].flatMap(videoPacketHashes));
    recordWorks('firefox', 'video-merge', 'packet copy: framemd5 = sources in order, length by ffprobe');
    await $.clear();
  });
});
