import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { recordWorks } from './support/matrix';
import { downloadRow, waitForRows } from './video-compress-helpers';

// Outside judges: ffmpeg's framemd5 of the packets (-c copy, so nothing is decoded) and ffprobe's duration.
interface PacketHash {
  stream: number;
  pts: number;
  md5: string;
}
function framemd5(file: string): PacketHash[] {
  return execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-map', '0', '-c', 'copy', '-f', 'framemd5', '-'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(',').map((c) => c.trim()))
    .map((c) => ({ stream: Number(c[0]), pts: Number(c[2]), md5: c[5] }));
}
const streamTimeBase = (file: string, stream: number) => {
  const [num, den] = execFileSync('ffprobe', ['-v', 'error', '-select_streams', String(stream), '-show_entries', 'stream=time_base', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim().split('/').map(Number);
  return num / den;
};
const duration = (file: string) => Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }));

describe('video trim (packet copy)', () => {
  let app: AppSession;
  let dir: string;
  let clip: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'video-trim-'));
    // 6 s of 25 fps H.264 with a key frame every second and AAC sound.
    clip = path.join(dir, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=6', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-c:v', 'libx264', '-g', '25', '-bf', '0', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', clip]);
    writeFileSync(path.join(dir, 'empty.mp4'), '');
    writeFileSync(path.join(dir, 'truncated.mp4'), execFileSync('head', ['-c', '3000', clip]));
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a typed range with the source packets byte for byte, cut on the key frame, and says where', { timeout: 120_000 }, async () => {
    const { page } = app;
    await page.goto('/video/video-trim?lng=en');
    await page.getByTestId('file-input').setInputFiles([clip, path.join(dir, 'empty.mp4'), path.join(dir, 'truncated.mp4')]);
    // The timeline appears with the whole file marked; typed times move its handles.
    await page.getByTestId('timeline').waitFor();
    await page.getByTestId('trim-start').fill('00:01.500');
    await page.getByTestId('trim-start').press('Enter');
    await page.getByTestId('trim-end').fill('4');
    await page.getByTestId('trim-end').press('Enter');
    expect(await page.getByTestId('handle-start').getAttribute('aria-valuenow')).toBe('1.5');
    expect(await page.getByTestId('handle-end').getAttribute('aria-valuetext')).toBe('00:04.000');
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 3, 60_000)).toEqual(['done', 'error', 'error']);
    // Zero-byte and truncated inputs: a translated message in their own row.
    const errors = await page.getByTestId('row-error').allTextContents();
    expect(errors[0]).toBe(tr('en', 'errors.emptyFile'));
    expect(errors[1].length).toBeGreaterThan(10);
    const row = page.getByTestId('result-row').first();
    expect(await row.getAttribute('data-engine')).toBe('copy');
    expect(await row.textContent()).toContain('00:01.000–00:04.000');

    const out = await downloadRow(page, 0);
    expect(out.name).toBe('clip.mp4');
    const file = path.join(dir, 'out.mp4');
    writeFileSync(file, out.bytes);
    // Kept: the key frame at 1 s to 4 s: 75 pictures, each one the source's packet; the sound's packets too.
    expect(duration(file)).toBeCloseTo(3, 1);
    const source = framemd5(clip);
    const trimmed = framemd5(file);
    const tb = streamTimeBase(clip, 0);
    const keptVideo = source.filter((h) => h.stream === 0 && h.pts * tb >= 1 - 1e-6 && h.pts * tb < 4 - 1e-6).map((h) => h.md5);
    expect(trimmed.filter((h) => h.stream === 0).map((h) => h.md5)).toEqual(keptVideo);
    const sourceAudio = new Set(source.filter((h) => h.stream === 1).map((h) => h.md5));
    const audio = trimmed.filter((h) => h.stream === 1);
    expect(audio.length).toBeGreaterThan(120);
    expect(audio.every((h) => sourceAudio.has(h.md5))).toBe(true);
    recordWorks('chromium', 'video-trim', 'framemd5 of kept packets = source');
    expect(foreignRequests(app)).toEqual([]);
  });

  it('cuts a range out, without the sound', { timeout: 120_000 }, async () => {
    const { page } = app;
    await page.goto('/video/video-trim?lng=de');
    await page.getByTestId('file-input').setInputFiles([clip]);
    await page.getByTestId('timeline').waitFor();
    await page.getByTestId('mode-remove').check();
    await page.getByTestId('trim-start').fill('2');
    await page.getByTestId('trim-start').press('Enter');
    await page.getByTestId('trim-end').fill('0:03');
    await page.getByTestId('trim-end').press('Enter');
    await page.getByTestId('remove-audio').check();
    // The end handle moves by keyboard too: one step (0.1 s) right, then back.
    await page.getByTestId('handle-end').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('trim-end').inputValue()).toBe('00:03.100');
    await page.keyboard.press('ArrowLeft');
    await page.getByTestId('start').click();
    expect(await waitForRows(page, 1, 60_000)).toEqual(['done']);
    const out = await downloadRow(page, 0);
    const file = path.join(dir, 'cut.mp4');
    writeFileSync(file, out.bytes);
    // Kept: 0–2 s and 3–6 s (3 s is a key frame): 5 s of pictures, no sound.
    const trimmed = framemd5(file);
    expect(new Set(trimmed.map((h) => h.stream))).toEqual(new Set([0]));
    expect(trimmed.length).toBe(125);
    expect(duration(file)).toBeCloseTo(5, 1);
    expect(app.errors).toEqual([]);
  });
});
