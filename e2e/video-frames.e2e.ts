import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { recordWorks } from './support/matrix';
import { scratch } from './image-edit-judges';
import { downloadRow, fixture, waitForRows } from './video-compress-helpers';
import { ffmpegFrame, lossyReference, psnr } from './video-judges';

// Frames from a video: each picture held to `ffmpeg -ss t -i X -frames:v 1` by ImageMagick's PSNR (goal ≥ 40 dB).
describe('video frames', () => {
  let app: AppSession;
  const tmp = scratch('video-frames-');
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('takes the frame at a typed time as ffmpeg does (on and between frame times), as PNG and JPEG', async () => {
    const { page } = app;
    await page.goto('/video/video-frames');
    const results: string[] = [];
    // 1 s is a frame's start; 0.51 s falls inside a frame (the next one is taken, as ffmpeg does).
    for (const [i, time] of ['00:00:01.000', '0.51'].entries()) {
      await page.getByTestId('frame-time').fill(time);
      await page.getByTestId('file-input').setInputFiles([fixture('clip.mp4')]);
      await page.getByTestId('start').click();
      expect(await waitForRows(page, i + 1)).toEqual(Array(i + 1).fill('done'));
      const out = await downloadRow(page, i);
      const seconds = i === 0 ? 1 : 0.51;
      expect(out.name).toMatch(/^clip-00-00\.5(00|33)\.png$|^clip-00-01\.000\.png$/);
      const got = tmp.save(`${i}-${out.name}`, out.bytes);
      expect(execFileSync('identify', ['-format', '%m %wx%h', got]).toString()).toBe('PNG 320x240');
      const db = psnr(got, ffmpegFrame(fixture('clip.mp4'), seconds, tmp.dir));
      results.push(`${time}: ${db.toFixed(2)} dB`);
      expect(db, time).toBeGreaterThanOrEqual(40);
      expect(await page.getByTestId('result-row').nth(i).getAttribute('data-engine')).toBe('webcodecs');
    }
    await page.getByTestId('frame-format').selectOption('jpeg');
    await page.getByTestId('frame-time').fill('1.5');
    await page.getByTestId('file-input').setInputFiles([fixture('clip.webm')]);
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 3)).toEqual(['done', 'done', 'done']);
    const jpeg = await downloadRow(page, 2);
    // This WebM's frames start 7 ms in: the name says the time of the frame taken.
    expect(jpeg.name).toMatch(/^clip-00-01\.5\d\d\.jpg$/);
    const jpegAt = tmp.save(jpeg.name, jpeg.bytes);
    expect(execFileSync('identify', ['-format', '%m %wx%h', jpegAt]).toString()).toBe('JPEG 320x240');
    const webmRef = ffmpegFrame(fixture('clip.webm'), 1.5, tmp.dir);
    const jpegDb = psnr(jpegAt, webmRef);
    // A 4:2:0 JPEG at 92 costs this much on these sharp synthetic edges (ImageMagick's of ffmpeg's frame); a
    // neighbouring frame scores below 20 dB.
    const bar = psnr(lossyReference(webmRef, 'jpg', 92), webmRef);
    results.push(`WebM 1.5 s JPEG: ${jpegDb.toFixed(2)} dB (ImageMagick's JPEG of ffmpeg's frame: ${bar.toFixed(2)} dB)`);
    expect(jpegDb).toBeGreaterThanOrEqual(bar - 0.5);
    console.log('video frames PSNR against ffmpeg -ss:', results.join('; '));
    expect(foreignRequests(app)).toEqual([]);
    recordWorks('chromium', 'video-frames', 'MP4 and WebM frames, ffmpeg -ss + ImageMagick PSNR');
  });

  it('takes a frame every 0.5 s as WebP into one ZIP, and an AVI through ffmpeg.wasm (named in the row)', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('frame-format').selectOption('webp');
    await page.getByTestId('frame-mode').selectOption('every');
    await page.getByTestId('frame-every').fill('0.5');
    await page.getByTestId('file-input').setInputFiles([fixture('clip.mp4'), fixture('clip.avi')]);
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 2, 120_000)).toEqual(['done', 'done']);
    const webpDb: string[] = [];
    for (const [i, video] of ['clip.mp4', 'clip.avi'].entries()) {
      const zip = await downloadRow(page, i);
      expect(zip.name).toBe('clip-frames.zip');
      const at = tmp.save(`${i}.zip`, zip.bytes);
      const names = execFileSync('unzip', ['-Z1', at], { encoding: 'utf8' }).trim().split('\n');
      // The AVI has 51 frames at 25 fps: its last one starts at 2 s.
      const times = video === 'clip.avi' ? ['00.000', '00.500', '01.000', '01.500', '02.000'] : ['00.000', '00.500', '01.000', '01.500'];
      expect(names).toEqual(times.map((t) => `clip-00-${t}.webp`));
      const dir = path.join(tmp.dir, `z${i}`);
      execFileSync('unzip', ['-q', '-o', at, '-d', dir]);
      for (const [k, name] of names.entries()) {
        const picture = path.join(dir, name);
        expect(execFileSync('identify', ['-format', '%m %wx%h', picture]).toString()).toBe('WEBP 320x240');
        // Lossy WebP at 92 of the frame ffmpeg gives at that time, held to ImageMagick's WebP of that frame.
        const png = path.join(dir, `${k}.png`);
        execFileSync('convert', [picture, png]);
        const ref = ffmpegFrame(fixture(video), k * 0.5, tmp.dir);
        const db = psnr(png, ref);
        const bar = psnr(lossyReference(ref, 'webp', 92), ref);
        webpDb.push(`${video} ${k * 0.5} s: ${db.toFixed(2)} (ImageMagick WebP ${bar.toFixed(2)})`);
        expect(db, `${video} ${name}`).toBeGreaterThanOrEqual(bar - 1);
      }
      expect(readFileSync(at).length).toBeGreaterThan(0);
    }
    console.log('WebP frames PSNR against ffmpeg -ss:', webpDb.join('; '));
    const avi = page.getByTestId('result-row').nth(1);
    expect(await avi.getAttribute('data-engine')).toBe('ffmpeg');
    expect(await avi.innerText()).toContain(tr('en', 'engineUsed.ffmpegContainerMt', 'media'));
    recordWorks('chromium', 'video-frames', 'AVI every 0.5 s through ffmpeg.wasm, ImageMagick PSNR', 'ffmpeg.wasm');
  });

  it('says what is wrong with an empty, a truncated and a no-video file and with a time past the end, and goes on', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('frame-mode').selectOption('one');
    await page.getByTestId('frame-format').selectOption('png');
    await page.getByTestId('frame-time').fill('5');
    const empty = tmp.save('empty.mp4', new Uint8Array(0));
    const clip = readFileSync(fixture('clip.mp4'));
    const head = tmp.save('head.mp4', clip.subarray(0, 2000));
    await page.getByTestId('file-input').setInputFiles([empty, head, fixture('not-video.webm'), fixture('clip.mp4')]);
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 4, 120_000)).toEqual(['error', 'error', 'error', 'error']);
    const errors = await page.getByTestId('row-error').allInnerTexts();
    console.log('video frames errors:', errors);
    expect(errors[0]).toContain(tr('en', 'errors.emptyFile'));
    for (const e of errors.slice(1, 3)) expect(e).toBe(tr('en', 'errors.unreadable', 'media'));
    expect(errors[3]).toContain('past the end of this video (2 s long)');
    // The typed time shown wrong, and the job refused with the same words.
    await page.getByTestId('frame-time').fill('1:75');
    await expect.poll(() => page.getByTestId('frame-time-invalid').innerText()).toBe(tr('en', 'errors.badTime', 'video-frames'));
    await page.getByTestId('frame-time').fill('1');
    await page.getByTestId('result-row').nth(3).getByTestId('retry').click();
    expect((await waitForRows(page, 4))[3]).toBe('done');
    // Cut short in its frames (the index whole): the frames there are taken, a time past the cut is an error.
    await page.getByTestId('clear-all').click();
    const cut = tmp.save('cut.mp4', clip.subarray(0, Math.floor(clip.length * 0.4)));
    await page.getByTestId('frame-time').fill('1.5');
    await page.getByTestId('file-input').setInputFiles([cut]);
    await page.getByTestId('start').click();
    const [status] = await waitForRows(page, 1);
    console.log('cut at 40 %:', status, await page.getByTestId('result-row').innerText());
    expect(status).toBe('error');
    expect(await page.getByTestId('row-error').innerText()).toBe(tr('en', 'errors.decodeFailed', 'media'));
    const errorsLogged = app.errors.filter((e) => !/Failed to load resource/.test(e));
    console.log('console errors:', errorsLogged);
  });
});
