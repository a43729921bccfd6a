import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tr } from '../support/locales';
import { recordWorks } from '../support/matrix';
import { foreignRequests, load, settle, SKIP_FIREFOX, type FirefoxSession } from './support';
import { sharedFirefox } from './shared';
import { ui } from './ui';

// Firefox ESR: video compress and every output format of the audio converter, each download read by ffprobe.
// The row says which engine made the file (data-engine): WebCodecs first, ffmpeg.wasm where Firefox lacks an
// encoder or a container; a cell records ffmpeg.wasm as the fallback when the page says it was used.
const MEDIA = path.resolve('src/engines/media/fixtures');

interface Probe {
  format: string;
  duration: number;
  streams: { codec_type: string; codec_name: string; channels?: number }[];
}

function ffprobe(file: string): Probe {
  const out = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=format_name,duration:stream=codec_type,codec_name,channels', '-of', 'json', file], { encoding: 'utf8' }));
  return { format: out.format.format_name, duration: Number(out.format.duration), streams: out.streams };
}

const fallbackName = (engine: string | null) => (engine === 'ffmpeg' ? 'ffmpeg.wasm' : undefined);

describe.skipIf(SKIP_FIREFOX)('Firefox ESR: video and audio', { timeout: 150_000 }, () => {
  let ff: FirefoxSession;
  let $: ReturnType<typeof ui>;
  beforeAll(async () => {
    ff = await sharedFirefox();
    $ = ui(ff);
    await load(ff, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  const engineOf = (name: string) => $.attr(`[data-testid="result-row"][data-name="${name}"]`, 'data-engine');

  it('video compress: an MP4 to MP4, H.264 of the same length', async () => {
    await $.openTool('/video/video-compress');
    await $.upload(path.join(MEDIA, 'clip.mp4'));
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0, 120_000);
    const engine = await engineOf('clip.mp4');
    const out = await ff.download($.rowDownload('clip.mp4'));
    expect(out.name).toBe('clip.mp4');
    const p = ffprobe(out.file);
    console.log(`Firefox video compress (${engine}):`, JSON.stringify(p));
    expect(p.format).toContain('mp4');
    expect(p.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    expect(p.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(Math.abs(p.duration - 2)).toBeLessThan(0.15);
    recordWorks('firefox', 'video-compress', 'MP4 H.264 + AAC, ffprobe', fallbackName(engine));
    await $.clear();
  });

  it('video compress: a 10 s clip through one encoder per core, joined into one stream whose every frame ffmpeg decodes', async () => {
    await $.openTool('/video/video-compress');
    await $.select('[data-testid="speed"]', 'fast');
    const clip = path.join(mkdtempSync(path.join(tmpdir(), 'firefox-parallel-')), 'ten.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=10', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=10', '-c:v', 'libx264', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', clip]);
    await $.upload(clip);
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0, 150_000);
    const row = await $.text('[data-testid="result-row"][data-name="ten.mp4"]');
    const out = await ff.download($.rowDownload('ten.mp4'));
    const decode = spawnSync('ffmpeg', ['-v', 'error', '-i', out.file, '-f', 'null', '-'], { encoding: 'utf8' });
    expect(decode.status).toBe(0);
    // Firefox's H.264 encoder writes the SPS and PPS into avcC with their NAL header byte twice (67 67 64 00 16…);
    // the media worker repairs the description (avc-description.ts), so ffmpeg reads it without a word.
    expect(decode.stderr).toBe('');
    const decoded = execFileSync('ffprobe', ['-v', 'quiet', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', out.file], { encoding: 'utf8' });
    expect(Number(decoded.trim())).toBe(300);
    const pts = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', out.file], { encoding: 'utf8' }).trim().split('\n').map(Number).sort((a, b) => a - b);
    expect(pts).toHaveLength(300);
    for (let i = 1; i < pts.length; i++) expect(pts[i] - pts[i - 1], `gap before frame ${i}`).toBeCloseTo(1 / 30, 3);
    const cores = await ff.page.evaluate(() => navigator.hardwareConcurrency);
    console.log(`Firefox parallel video (${cores} cores): ${row}`);
    if (cores >= 2) expect(row).toContain(tr('en', 'encoderUsed.parallel', 'media'));
    await $.clear();
  });

  // Every format the converter offers (FORMATS in its settings), OGG with both of its codecs.
  const outputs: { format: string; ogg?: string; container: string; codec: string }[] = [
    { format: 'mp3', container: 'mp3', codec: 'mp3' },
    { format: 'wav', container: 'wav', codec: 'pcm_s16le' },
    { format: 'ogg', ogg: 'opus', container: 'ogg', codec: 'opus' },
    { format: 'ogg', ogg: 'vorbis', container: 'ogg', codec: 'vorbis' },
    { format: 'flac', container: 'flac', codec: 'flac' },
    { format: 'm4a', container: 'mp4', codec: 'aac' },
    { format: 'aac', container: 'aac', codec: 'aac' },
  ];

  it('audio converter: a WAV into every output format', { timeout: 400_000 }, async () => {
    await $.openTool('/audio/audio-converter');
    for (const { format, ogg, container, codec } of outputs) {
      await $.select('[data-testid="format"]', format);
      if (ogg) await $.select('[data-testid="ogg-codec"]', ogg);
      await $.upload(path.join(MEDIA, 'tone.wav'));
      await $.click('[data-testid="start"]');
      await settle(ff.page, 1, 0, 120_000);
      const engine = await engineOf('tone.wav');
      // ffmpeg.wasm runs its single-thread core in Firefox (the threaded one hangs starting there), and says so.
      if (engine === 'ffmpeg') expect(await $.text('[data-testid="result-row"][data-name="tone.wav"]')).toContain(tr('en', 'engineUsed.ffmpegBrowserSt', 'media'));
      const out = await ff.download($.rowDownload('tone.wav'));
      expect(out.name).toBe(`tone.${format}`);
      const p = ffprobe(out.file);
      console.log(`Firefox audio → ${format}${ogg ? ` (${ogg})` : ''} (${engine}):`, JSON.stringify(p));
      expect(p.format, format).toContain(container);
      expect(p.streams.map((s) => s.codec_name), format).toEqual([codec]);
      expect(p.streams[0].channels).toBe(2);
      expect(Math.abs(p.duration - 1), format).toBeLessThan(0.1);
      recordWorks('firefox', 'audio-converter', `WAV → ${format}${ogg ? ` ${ogg}` : ''}, ffprobe`, fallbackName(engine));
      await $.clear();
    }
  });

  it('sent nothing off the origin and logged no error', () => {
    expect(foreignRequests(ff)).toEqual([]);
    expect(ff.errors).toEqual([]);
  });
});
