import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordWorks } from '../support/matrix';
import { ffmpegFrame, psnr } from '../video-judges';
import { foreignRequests, load, settle, SKIP_FIREFOX, type FirefoxSession } from './support';
import { sharedFirefox } from './shared';
import { ui } from './ui';

// Firefox ESR smokes of the video-to-picture tools: a frame held to ffmpeg -ss (PSNR), a GIF counted by ffprobe.
const CLIP = path.resolve('src/engines/media/fixtures/clip.mp4');
const fallbackName = (engine: string | null) => (engine === 'ffmpeg' ? 'ffmpeg.wasm' : undefined);

describe.skipIf(SKIP_FIREFOX)('Firefox ESR: video frames and GIF', { timeout: 150_000 }, () => {
  let ff: FirefoxSession;
  let $: ReturnType<typeof ui>;
  const dir = mkdtempSync(path.join(tmpdir(), 'firefox-vedit-'));
  beforeAll(async () => {
    ff = await sharedFirefox();
    $ = ui(ff);
    await load(ff, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  it('video frames: the frame at 1 s as PNG, as ffmpeg takes it', async () => {
    await $.openTool('/video/video-frames');
    await $.fill('[data-testid="frame-time"]', '1');
    await $.upload(CLIP);
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0, 120_000);
    const engine = await $.attr('[data-testid="result-row"][data-name="clip.mp4"]', 'data-engine');
    const out = await ff.download($.rowDownload('clip.mp4'));
    expect(out.name).toBe('clip-00-01.000.png');
    const db = psnr(out.file, ffmpegFrame(CLIP, 1, dir));
    const neighbours = [0.95, 1.02].map((t) => psnr(out.file, ffmpegFrame(CLIP, t, dir)));
    console.log(`Firefox frame at 1 s (${engine}): ${db} dB; the frames before and after: ${neighbours.join(', ')} dB`);
    // Firefox hands decoded pictures over only as RGB it converted itself (BT.709, clipped): ffmpeg.wasm takes the
    // frame instead, and the row names it.
    expect(engine).toBe('ffmpeg');
    expect(db).toBeGreaterThanOrEqual(40);
    for (const n of neighbours) expect(db).toBeGreaterThan(n + 3);
    recordWorks('firefox', 'video-frames', 'PNG at 1 s, ffmpeg -ss + ImageMagick PSNR', fallbackName(engine));
    await $.clear();
  });

  it('video to GIF: 1 s at 10 fps, 160 px wide', async () => {
    await $.openTool('/video/video-to-gif');
    await $.fill('[data-testid="gif-start"]', '0.5');
    await $.fill('[data-testid="gif-end"]', '1.5');
    await $.select('[data-testid="gif-fps"]', '10');
    await $.select('[data-testid="gif-width"]', '160');
    await $.upload(CLIP);
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0, 150_000);
    const out = await ff.download($.rowDownload('clip.mp4'));
    expect(out.name).toBe('clip.gif');
    const probe = execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_name,width,height,nb_read_frames', '-of', 'csv=p=0', out.file], { encoding: 'utf8' }).trim();
    expect(probe).toBe('gif,160,120,10');
    recordWorks('firefox', 'video-to-gif', 'GIF 10 frames 160 px, ffprobe', 'ffmpeg.wasm');
    await $.clear();
  });

  it('video crop: a typed box in source pixels, judged by ffprobe', async () => {
    await $.openTool('/video/video-crop');
    await $.upload(CLIP);
    for (const [id, value] of [['crop-width', '200'], ['crop-height', '120'], ['crop-x', '40'], ['crop-y', '20']]) {
      await $.fill(`[data-testid="${id}"]`, value);
      await $.click(`[data-testid="${id}"]`);
      await ff.page.keyboard.press('Tab');
    }
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0, 120_000);
    const engine = await $.attr('[data-testid="result-row"][data-name="clip.mp4"]', 'data-engine');
    const out = await ff.download($.rowDownload('clip.mp4'));
    const probe = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', out.file], { encoding: 'utf8' }).trim();
    expect(probe).toBe('h264,200,120');
    recordWorks('firefox', 'video-crop', 'typed box → ffprobe 200×120', fallbackName(engine));
    await $.clear();
  });

  it('sent nothing off the origin and logged no error', () => {
    expect(foreignRequests(ff)).toEqual([]);
    expect(ff.errors).toEqual([]);
  });
});
