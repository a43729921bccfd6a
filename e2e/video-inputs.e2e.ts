import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { downloadRow, probe, waitForRows } from './video-compress-helpers';

// The containers users bring from cameras, recorders and old downloads, made by Debian's ffmpeg: 2 s of
// 320×240 H.264 with AAC sound in MPEG-TS (.ts, .m2ts, .mts), FLV and Matroska.
function makeClips(dir: string): string[] {
  const base = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'];
  const make = (name: string, ...format: string[]) => {
    execFileSync('ffmpeg', [...base, ...format, '-y', path.join(dir, name)]);
    return path.join(dir, name);
  };
  const m2ts = make('camera.m2ts', '-f', 'mpegts', '-mpegts_m2ts_mode', '1');
  copyFileSync(m2ts, path.join(dir, 'camcorder.mts'));
  return [make('recording.ts', '-f', 'mpegts'), m2ts, path.join(dir, 'camcorder.mts'), make('old.flv', '-f', 'flv'), make('movie.mkv', '-f', 'matroska')];
}

describe('video inputs beyond MP4 and WebM, and their sound as MP3', () => {
  let app: AppSession;
  let dir: string;
  let clips: string[];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'video-inputs-'));
    clips = makeClips(dir);
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('compresses .ts, .m2ts, .mts, .flv and .mkv to MP4 (ffmpeg.wasm where WebCodecs cannot read them)', { timeout: 240_000 }, async () => {
    const { page } = app;
    await page.goto('/video/video-compress?lng=en');
    // The fast path, whose engine depends on the container (the default MP4 path is x264 for every input).
    await page.getByTestId('speed').selectOption('fast');
    await page.getByTestId('file-input').setInputFiles(clips);
    await page.getByTestId('start').click();
    expect(await waitForRows(page, clips.length, 200_000)).toEqual(clips.map(() => 'done'));
    // MPEG-TS and FLV go through ffmpeg.wasm (the row says so), Matroska through WebCodecs.
    expect(await page.getByTestId('result-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-engine')))).toEqual(['ffmpeg', 'ffmpeg', 'ffmpeg', 'ffmpeg', 'webcodecs']);
    for (let i = 0; i < clips.length; i++) {
      const out = await downloadRow(page, i);
      expect(out.name).toBe(`${path.basename(clips[i]).replace(/\.[^.]+$/, '')}.mp4`);
      const p = await probe(out.bytes);
      expect(p.video, out.name).toMatchObject({ codec: 'avc', width: 320, height: 240 });
      expect(p.audio?.codec, out.name).toBe('aac');
      expect(Math.abs(p.duration - 2), out.name).toBeLessThan(0.2);
    }
    expect(app.errors).toEqual([]);
  });

  it('takes the sound of the listed videos to the audio converter, set to MP3, and makes MP3s of it', { timeout: 240_000 }, async () => {
    const { page } = app;
    await page.getByTestId('extract-audio').click();
    // The results were not downloaded: leaving asks first.
    const leave = page.getByTestId('leave-dialog');
    await leave.waitFor({ timeout: 5_000 }).catch(() => undefined);
    if (await leave.count()) await leave.getByTestId('leave-confirm').click();
    await page.getByTestId('tool-title').filter({ hasText: tr('en', 'tools.audio-converter.name') }).waitFor();
    expect(await page.getByTestId('format').inputValue()).toBe('mp3');
    await expect.poll(() => page.getByTestId('result-row').count()).toBe(clips.length);
    await page.getByTestId('start').click();
    expect(await waitForRows(page, clips.length, 200_000)).toEqual(clips.map(() => 'done'));
    const out = await downloadRow(page, 3);
    expect(out.name).toBe('old.mp3');
    const p = await probe(out.bytes);
    expect(p.audio?.codec).toBe('mp3');
    expect(p.video).toBeUndefined();
    expect(Math.abs(p.duration - 2)).toBeLessThan(0.2);
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
