import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordWorks } from '../support/matrix';
import { clear, openTool, rowDownload, select } from './app';
import { attr, click, collect, foreignRequests, load, settle, SKIP_WEBKIT, text, upload, type WebKitSession } from './support';
import { sharedWebKit } from './shared';

// WebKitGTK: video compress (MP4, WebM, AVI) and every output format of the audio converter, each download read
// by ffprobe. The row says which engine made the file (data-engine): WebCodecs first, ffmpeg.wasm where WebKit's
// own codec fails its check or the container needs it; a cell records ffmpeg.wasm as the fallback when used.
const MEDIA = path.resolve('src/engines/media/fixtures');

interface Probe {
  format: string;
  duration: number;
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; channels?: number }[];
}

function ffprobe(file: string): Probe {
  const entries = 'format=format_name,duration:stream=codec_type,codec_name,width,height,channels';
  const out = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', entries, '-of', 'json', file], { encoding: 'utf8' }));
  return { format: out.format.format_name, duration: Number(out.format.duration), streams: out.streams };
}

const codecOf = (p: Probe, type: 'video' | 'audio') => p.streams.find((s) => s.codec_type === type)?.codec_name;
const fallbackName = (engine: string | null) => (engine === 'ffmpeg' ? 'ffmpeg.wasm' : undefined);

describe.skipIf(SKIP_WEBKIT)('WebKit: video and audio', { timeout: 150_000 }, () => {
  let wk: WebKitSession;
  beforeAll(async () => {
    wk = await sharedWebKit();
    await load(wk, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  const engineOf = (name: string) => attr(wk, `[data-testid="result-row"][data-name="${name}"]`, 'data-engine');
  /** Runs one file through the open tool and returns its download, read by ffprobe, and the engine the row names. */
  async function convert(input: string) {
    await upload(wk, [path.join(MEDIA, input)]);
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0, 120_000);
    const engine = await engineOf(input);
    const out = await wk.download(rowDownload(input));
    const probe = ffprobe(out.file);
    console.log(`WebKit ${input} → ${out.name} (${engine}):`, JSON.stringify(probe));
    await clear(wk);
    return { name: out.name, probe, engine };
  }

  it('video compress: MP4 to MP4 (H.264 + AAC), WebM to WebM (VP8 or VP9 + Opus), AVI to MP4', async () => {
    await openTool(wk, '/video/video-compress');
    const mp4 = await convert('clip.mp4');
    expect(mp4.name).toBe('clip.mp4');
    expect(mp4.probe.format).toContain('mp4');
    expect(mp4.probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 320, height: 240 });
    expect(codecOf(mp4.probe, 'audio')).toBe('aac');
    expect(Math.abs(mp4.probe.duration - 2)).toBeLessThan(0.15);
    recordWorks('webkit', 'video-compress', 'MP4 → MP4 H.264 + AAC, ffprobe', fallbackName(mp4.engine));
    // The default MP4 path above is x264 in ffmpeg.wasm (single-thread core here); the rest is the fast path's.
    await select(wk, '[data-testid="speed"]', 'fast');

    // A WebM input decodes Opus: the copy of its samples that killed WebKit's page is no longer asked for.
    await select(wk, '[data-testid="container"]', 'webm');
    const webm = await convert('clip.webm');
    expect(webm.name).toBe('clip.webm');
    expect(webm.probe.format).toContain('webm');
    expect(codecOf(webm.probe, 'video')).toMatch(/^vp[89]$/);
    expect(codecOf(webm.probe, 'audio')).toBe('opus');
    expect(Math.abs(webm.probe.duration - 2)).toBeLessThan(0.15);
    recordWorks('webkit', 'video-compress', `WebM → WebM ${codecOf(webm.probe, 'video')!.toUpperCase()} + Opus, ffprobe`, fallbackName(webm.engine));

    // AVI is ffmpeg.wasm's in every browser; here the single-thread core (no SharedArrayBuffer global).
    await select(wk, '[data-testid="container"]', 'mp4');
    const avi = await convert('clip.avi');
    expect(avi.name).toBe('clip.mp4');
    expect(avi.engine).toBe('ffmpeg');
    expect(codecOf(avi.probe, 'video')).toBe('h264');
    expect(Math.abs(avi.probe.duration - 2)).toBeLessThan(0.15);
    recordWorks('webkit', 'video-compress', 'AVI → MP4 H.264, ffprobe', fallbackName(avi.engine));
  });


  // Issue 15: a clip long enough to cut goes through one encoder per core where WebKit lets a worker start workers,
  // else through one; either way every frame must decode in Debian's ffmpeg, 1/30 s apart.
  it('video compress: a 10 s clip with a key frame a second, every frame decodes with no gap', async () => {
    await openTool(wk, '/video/video-compress');
    await select(wk, '[data-testid="container"]', 'mp4');
    await select(wk, '[data-testid="speed"]', 'fast');
    const clip = path.join(mkdtempSync(path.join(tmpdir(), 'webkit-parallel-')), 'ten.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=10', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=10', '-c:v', 'libx264', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', clip]);
    await upload(wk, [clip]);
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0, 150_000);
    const row = await text(wk, '[data-testid="result-row"][data-name="ten.mp4"]');
    const out = await wk.download(rowDownload('ten.mp4'));
    console.log(`WebKit 10 s clip: ${row}`);
    const decode = spawnSync('ffmpeg', ['-v', 'error', '-i', out.file, '-f', 'null', '-'], { encoding: 'utf8' });
    expect(decode.status).toBe(0);
    expect(decode.stderr).toBe('');
    const pts = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', out.file], { encoding: 'utf8' }).trim().split('\n').map(Number).sort((a, b) => a - b);
    expect(pts).toHaveLength(300);
    for (let i = 1; i < pts.length; i++) expect(pts[i] - pts[i - 1], `gap before frame ${i}`).toBeCloseTo(1 / 30, 3);
    await clear(wk);
  });
  it('audio converter: the sound of a WebM video to MP3', async () => {
    await openTool(wk, '/audio/audio-converter');
    await select(wk, '[data-testid="format"]', 'mp3');
    const out = await convert('clip.webm');
    expect(out.name).toBe('clip.mp3');
    expect(out.probe.streams.map((s) => s.codec_name)).toEqual(['mp3']);
    expect(Math.abs(out.probe.duration - 2)).toBeLessThan(0.15);
    recordWorks('webkit', 'audio-converter', 'WebM video (Opus) → MP3, ffprobe', fallbackName(out.engine));
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
    await openTool(wk, '/audio/audio-converter');
    for (const { format, ogg, container, codec } of outputs) {
      await select(wk, '[data-testid="format"]', format);
      if (ogg) await select(wk, '[data-testid="ogg-codec"]', ogg);
      const out = await convert('tone.wav');
      expect(out.name).toBe(`tone.${format}`);
      expect(out.probe.format, format).toContain(container);
      expect(out.probe.streams.map((s) => s.codec_name), format).toEqual([codec]);
      expect(out.probe.streams[0].channels).toBe(2);
      expect(Math.abs(out.probe.duration - 1), format).toBeLessThan(0.1);
      recordWorks('webkit', 'audio-converter', `WAV → ${format}${ogg ? ` ${ogg}` : ''}, ffprobe`, fallbackName(out.engine));
    }
  });

  it('sent nothing off the origin and logged no error', async () => {
    expect(await foreignRequests(wk)).toEqual([]);
    await collect(wk);
    expect(wk.errors).toEqual([]);
  });
});
