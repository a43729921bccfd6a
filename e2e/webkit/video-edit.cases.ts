import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordWorks } from '../support/matrix';
import { ffmpegFrame, psnr } from '../video-judges';
import { clear, fill, openTool, rowDownload, select } from './app';
import { until } from './poll';
import { attr, click, collect, foreignRequests, load, settle, SKIP_WEBKIT, upload, type WebKitSession } from './support';
import { sharedWebKit } from './shared';

// WebKitGTK smokes of the video-to-picture tools: a frame held to ffmpeg -ss (PSNR), a GIF counted by ffprobe.
const CLIP = path.resolve('src/engines/media/fixtures/clip.mp4');
const fallbackName = (engine: string | null) => (engine === 'ffmpeg' ? 'ffmpeg.wasm' : undefined);

describe.skipIf(SKIP_WEBKIT)('WebKit: video frames and GIF', { timeout: 150_000 }, () => {
  let wk: WebKitSession;
  const dir = mkdtempSync(path.join(tmpdir(), 'webkit-vedit-'));
  beforeAll(async () => {
    wk = await sharedWebKit();
    await load(wk, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  it('video frames: the frame at 1 s as PNG, as ffmpeg takes it', async () => {
    await openTool(wk, '/video/video-frames');
    await fill(wk, '[data-testid="frame-time"]', '1');
    await upload(wk, [CLIP]);
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0, 120_000);
    const engine = await attr(wk, '[data-testid="result-row"][data-name="clip.mp4"]', 'data-engine');
    const out = await wk.download(rowDownload('clip.mp4'));
    expect(out.name).toBe('clip-00-01.000.png');
    const db = psnr(out.file, ffmpegFrame(CLIP, 1, dir));
    console.log(`WebKit frame at 1 s (${engine}): ${db} dB`);
    expect(db).toBeGreaterThanOrEqual(40);
    recordWorks('webkit', 'video-frames', 'PNG at 1 s, ffmpeg -ss + ImageMagick PSNR', fallbackName(engine));
    await clear(wk);
  });

  it('video to GIF: 1 s at 10 fps, 160 px wide', async () => {
    await openTool(wk, '/video/video-to-gif');
    await fill(wk, '[data-testid="gif-start"]', '0.5');
    await fill(wk, '[data-testid="gif-end"]', '1.5');
    await select(wk, '[data-testid="gif-fps"]', '10');
    await select(wk, '[data-testid="gif-width"]', '160');
    await upload(wk, [CLIP]);
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0, 150_000);
    const out = await wk.download(rowDownload('clip.mp4'));
    expect(out.name).toBe('clip.gif');
    const probe = execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_name,width,height,nb_read_frames', '-of', 'csv=p=0', out.file], { encoding: 'utf8' }).trim();
    expect(probe).toBe('gif,160,120,10');
    recordWorks('webkit', 'video-to-gif', 'GIF 10 frames 160 px, ffprobe', 'ffmpeg.wasm');
    await clear(wk);
  });

  it('video crop: a typed box in source pixels, judged by ffprobe', async () => {
    await openTool(wk, '/video/video-crop');
    await upload(wk, [CLIP]);
    // The box is typed once the preview has its size ("reset" enabled), as a user sees it: a CI run once left the row
    // ready, its job never started, when the fields were filled while the preview was still loading.
    await until(() => attr(wk, '[data-testid="crop-reset"]', 'disabled'), (d) => d === null, { timeout: 30_000, message: 'the crop preview' });
    for (const [id, value] of [['crop-width', '200'], ['crop-height', '120'], ['crop-x', '40'], ['crop-y', '20']]) await fill(wk, `[data-testid="${id}"]`, value);
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0, 120_000);
    const engine = await attr(wk, '[data-testid="result-row"][data-name="clip.mp4"]', 'data-engine');
    const out = await wk.download(rowDownload('clip.mp4'));
    const probe = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', out.file], { encoding: 'utf8' }).trim();
    expect(probe).toBe('h264,200,120');
    recordWorks('webkit', 'video-crop', 'typed box → ffprobe 200×120', fallbackName(engine));
    await clear(wk);
  });

  it('sent nothing off the origin and logged no error', async () => {
    await collect(wk);
    expect(await foreignRequests(wk)).toEqual([]);
    expect(wk.errors).toEqual([]);
  });
});
