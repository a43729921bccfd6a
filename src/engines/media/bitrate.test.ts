import { describe, expect, it } from 'vitest';
import { audioBitrate, cappedFps, fitResolution, MIN_VIDEO_BITRATE, videoBitrates, missesTarget, retryWithX264, targetBytesOf } from './bitrate';
import { ffmpegAudioArgs, ffmpegVideoArgs, scaleFilter, TWO_PASS_AIM, x264Correction, x264PassFiles, x264TargetArgs, x264TwoPassArgs } from './ffmpeg-args';
import type { VideoSettings } from './types';

const base: VideoSettings = { container: 'mp4', mode: 'quality', quality: 'medium', percent: 50, targetMB: 10, maxHeight: 0, maxFps: 0, keepAudio: true, speed: 'fast' };
const clip = { width: 1280, height: 720, fps: 30, duration: 10, size: 20 * 1024 * 1024, hasAudio: true };

describe('resolution and frame rate caps', () => {
  it('caps the shorter side, keeps the aspect, makes even sizes and never upscales', () => {
    expect(fitResolution(1920, 1080, 720)).toEqual({ width: 1280, height: 720 });
    expect(fitResolution(1080, 1920, 720)).toEqual({ width: 720, height: 1280 });
    expect(fitResolution(320, 240, 144)).toEqual({ width: 192, height: 144 });
    expect(fitResolution(640, 360, 1080)).toEqual({ width: 640, height: 360 });
    expect(fitResolution(641, 359, 0)).toEqual({ width: 642, height: 360 });
  });
  it('caps the frame rate only when the input is faster', () => {
    expect(cappedFps(60, 30)).toBe(30);
    expect(cappedFps(24, 30)).toBeUndefined();
    expect(cappedFps(29.97, 30)).toBeUndefined();
    expect(cappedFps(undefined, 30)).toBe(30);
    expect(cappedFps(60, 0)).toBeUndefined();
  });
});

describe('video bit rates', () => {
  it('maps quality levels to bits per pixel, no fewer for WebM (VP9 and VP8 need more than H.264: bench/media)', () => {
    const medium = videoBitrates(base, clip);
    expect(medium).toEqual({ video: Math.round(1280 * 720 * 30 * 0.125), audio: 128_000 });
    expect(videoBitrates({ ...base, quality: 'high' }, clip).video).toBeGreaterThan(medium.video);
    expect(videoBitrates({ ...base, quality: 'low' }, clip).video).toBeLessThan(medium.video);
    expect(videoBitrates({ ...base, container: 'webm' }, clip).video).toBe(medium.video);
    expect(videoBitrates({ ...base, keepAudio: false }, clip).audio).toBe(0);
  });
  it('never aims above the bit rate of the input itself', () => {
    // 2 MB over 10 s is 1.68 Mbit/s in all, below what medium asks for at 720p30.
    const lean = { ...clip, size: 2 * 1024 * 1024 };
    expect(videoBitrates(base, lean)).toEqual({ video: Math.round((lean.size * 8) / 10 - 128_000), audio: 128_000 });
    expect(videoBitrates({ ...base, keepAudio: false }, lean).video).toBe(Math.round((lean.size * 8) / 10));
    expect(videoBitrates(base, { ...clip, size: 1000 }).video).toBe(MIN_VIDEO_BITRATE);
  });
  it('aims at a target size: bits over the duration, sound included', () => {
    const r = videoBitrates({ ...base, mode: 'size', targetMB: 5 }, clip);
    const bytes = ((r.video + r.audio) * clip.duration) / 8;
    expect(bytes).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect(bytes).toBeGreaterThan(5 * 1024 * 1024 * 0.95);
    const half = videoBitrates({ ...base, mode: 'percent', percent: 25 }, clip);
    expect(((half.video + half.audio) * clip.duration) / 8).toBeCloseTo(clip.size * 0.25 * 0.97, -3);
  });
  it('gives the sound at most 15% of a small budget and never goes under the floor', () => {
    const r = videoBitrates({ ...base, mode: 'size', targetMB: 0.05 }, { ...clip, duration: 2 });
    expect(r.audio).toBe(32_000);
    expect(videoBitrates({ ...base, mode: 'size', targetMB: 0.001 }, clip).video).toBe(MIN_VIDEO_BITRATE);
  });
});

describe('audio bit rates', () => {
  it('takes an explicit bit rate over the quality level, none for lossless', () => {
    expect(audioBitrate('mp3', 'medium', 0)).toBe(192_000);
    expect(audioBitrate('mp3', 'medium', 320)).toBe(320_000);
    expect(audioBitrate('ogg', 'low', 0)).toBe(64_000);
    expect(audioBitrate('m4a', 'high', 0)).toBe(192_000);
    expect(audioBitrate('wav', 'high', 320)).toBeUndefined();
    expect(audioBitrate('flac', 'low', 0)).toBeUndefined();
  });
  it('gives Vorbis by level no bit rate (a VBR quality instead), and an explicit one when set', () => {
    expect(audioBitrate('ogg', 'high', 0, 'vorbis')).toBeUndefined();
    expect(audioBitrate('ogg', 'high', 160, 'vorbis')).toBe(160_000);
  });
});

describe('ffmpeg fallback arguments', () => {
  it('uses the computed bit rate and size when the input was measured', () => {
    const { args, ext, mime } = ffmpegVideoArgs(base, { input: { readable: true, container: 'MP4', audio: { codec: 'aac', sampleRate: 48000, channels: 2, canDecode: false } }, videoBitrate: 900_000, audioBitrate: 128_000, width: 640, height: 360 });
    expect(ext).toBe('mp4');
    expect(mime).toBe('video/mp4');
    expect(args.join(' ')).toBe('-c:v libx264 -preset veryfast -threads 4 -pix_fmt yuv420p -b:v 900000 -vf scale=640:360 -c:a aac -b:a 128000 -ac 2 -movflags +faststart');
  });
  it('falls back to constant quality, a scale expression and -fpsmax for an unreadable input', () => {
    const { args } = ffmpegVideoArgs({ ...base, container: 'webm', maxHeight: 720, maxFps: 30, keepAudio: false }, { input: { readable: false, container: 'avi' } });
    expect(args).toEqual(['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-threads', '4', '-crf', '12', '-b:v', '20M', '-vf', scaleFilter(720), '-fpsmax', '30', '-an']);
    // A measured WebM input in quality mode: VP8 at the bit rate asked for; Opus by ffmpeg's own encoder.
    const webm = ffmpegVideoArgs({ ...base, container: 'webm' }, { input: { readable: true, container: 'WebM', audio: { codec: 'opus', sampleRate: 48000, channels: 2, canDecode: false } }, videoBitrate: 900_000, audioBitrate: 128_000, width: 640, height: 360 });
    expect(webm.args.join(' ')).toBe('-c:v libvpx -deadline realtime -cpu-used 8 -threads 4 -b:v 900000 -vf scale=640:360 -c:a opus -strict -2 -ar 48000 -b:a 128000 -ac 2');
    expect(webm.facts.format).toBe('WEBM · VP8 + Opus');
    // The smallest-file choice: libvpx 'good' at cpu-used 4 (SSIM 0.960 against real-time's 0.862 at 1 Mbit/s).
    const smallest = ffmpegVideoArgs({ ...base, container: 'webm', speed: 'smallest' }, { input: { readable: true, container: 'MP4' }, videoBitrate: 900_000, width: 640, height: 360 });
    expect(smallest.args.slice(0, 6)).toEqual(['-c:v', 'libvpx', '-deadline', 'good', '-cpu-used', '4']);
    expect(scaleFilter(720)).toBe('scale=trunc(iw*min(1\\,720/min(iw\\,ih))/2)*2:trunc(ih*min(1\\,720/min(iw\\,ih))/2)*2');
  });
  it('hands a size the browser went over to two-pass x264 at the same bit rates, aimed just under', () => {
    expect(retryWithX264(666_440, 199_229)).toBe(true);
    expect(retryWithX264(52_893, 52_429)).toBe(true);
    expect(retryWithX264(199_229, 199_229)).toBe(false);
    expect(retryWithX264(900_000, undefined)).toBe(false);
    expect(x264TargetArgs({ videoBitrate: 161_000, audioBitrate: 32_000, width: 1280, height: 720, maxFps: 0 }).join(' ')).toBe(
      '-map 0:v:0 -map 0:a:0 -c:v libx264 -preset faster -b:v 161000 -maxrate 241500 -bufsize 322000 -threads 4 -pix_fmt yuv420p -vf scale=1280:720 -c:a aac -b:a 32000 -ac 2 -movflags +faststart',
    );
    expect(x264TargetArgs({ videoBitrate: 100_000, audioBitrate: 0, width: 640, height: 360, maxFps: 15 })).toEqual(expect.arrayContaining(['-an', '-fpsmax', '15']));
    // Two passes: the first writes x264's stats only (no sound, nothing muxed) at the second's settings, the second reads them.
    const first = x264TargetArgs({ videoBitrate: 161_000, audioBitrate: 32_000, width: 1280, height: 720, maxFps: 0, pass: { n: 1, log: '/x264-1' } });
    expect(first.join(' ')).toBe('-map 0:v:0 -c:v libx264 -preset faster -b:v 161000 -maxrate 241500 -bufsize 322000 -pass 1 -passlogfile /x264-1 -fastfirstpass 0 -threads 4 -pix_fmt yuv420p -vf scale=1280:720 -an');
    expect(x264TargetArgs({ videoBitrate: 161_000, audioBitrate: 32_000, width: 1280, height: 720, maxFps: 0, pass: { n: 2, log: '/x264-1' } })).toEqual(expect.arrayContaining(['-pass', '2', '-map', '0:a:0', '+faststart']));
    // The app's two passes: the same, at TWO_PASS_AIM of the video bit rate (the sound's unchanged), one stats file.
    const [one, two] = x264TwoPassArgs({ videoBitrate: 200_000, audioBitrate: 32_000, width: 1280, height: 720, maxFps: 0 }, '/x264-pass-1');
    expect(TWO_PASS_AIM).toBeLessThan(1);
    expect(one).toEqual(x264TargetArgs({ videoBitrate: 200_000 * TWO_PASS_AIM, audioBitrate: 32_000, width: 1280, height: 720, maxFps: 0, pass: { n: 1, log: '/x264-pass-1' } }));
    expect(two).toEqual(expect.arrayContaining(['-b:v', String(Math.round(200_000 * TWO_PASS_AIM)), '-pass', '2', '-passlogfile', '/x264-pass-1', '-b:a', '32000']));
    expect(x264PassFiles('/x264-pass-1')).toEqual(['/x264-pass-1-0.log', '/x264-pass-1-0.log.mbtree']);
  });
  it('corrects the bit rate for one more second pass where two missed the -10 %..0 % band', () => {
    const r = { videoBitrate: 299_303, audioBitrate: 52_000, duration: 8 };
    // Within the band: nothing more.
    expect(x264Correction(r, 363_011, 350_000)).toBeNull();
    expect(x264Correction(r, 363_011, 363_011)).toBeNull();
    // bench/media pan at 10 %: 370,126 bytes of 363,011 (sound 52 kB): the pictures took 318 kB, get 300 kB.
    const lower = x264Correction(r, 363_011, 370_126)!;
    expect(lower).toBe(Math.round(299_303 * TWO_PASS_AIM * ((363_011 * TWO_PASS_AIM - 52_000) / (370_126 - 52_000))));
    expect(lower).toBeLessThan(299_303 * TWO_PASS_AIM);
    // 19 % under (the screen recording): more bits for the pictures.
    expect(x264Correction(r, 363_011, 294_000)!).toBeGreaterThan(299_303);
    // A size the sound alone fills: no correction to ask for.
    expect(x264Correction(r, 50_000, 400_000)).toBeNull();
    // Never under the encoders' floor; at the floor already, no pass that would repeat it.
    expect(x264Correction({ videoBitrate: 60_000, audioBitrate: 32_000, duration: 2 }, 12_000, 30_000)).toBe(MIN_VIDEO_BITRATE);
    expect(x264Correction({ videoBitrate: MIN_VIDEO_BITRATE / TWO_PASS_AIM, audioBitrate: 32_000, duration: 2 }, 12_000, 30_000)).toBeNull();
  });
  it('builds audio commands per format', () => {
    expect(ffmpegAudioArgs({ format: 'mp3', quality: 'medium', bitrate: 0, sampleRate: 44100, channels: 1, oggCodec: 'opus' }, { audioBitrate: 192_000 }).args).toEqual(['-vn', '-c:a', 'libmp3lame', '-b:a', '192000', '-ar', '44100', '-ac', '1']);
    expect(ffmpegAudioArgs({ format: 'ogg', quality: 'medium', bitrate: 0, sampleRate: 0, channels: 0, oggCodec: 'opus' }, { audioBitrate: 128_000 }).args).toEqual(['-vn', '-c:a', 'opus', '-strict', '-2', '-b:a', '128000', '-ar', '48000']);
    expect(ffmpegAudioArgs({ format: 'aac', quality: 'medium', bitrate: 0, sampleRate: 0, channels: 0, oggCodec: 'opus' }, {}).args).toEqual(['-vn', '-c:a', 'aac', '-f', 'adts']);
    const vorbis = ffmpegAudioArgs({ format: 'ogg', quality: 'high', bitrate: 0, sampleRate: 44100, channels: 0, oggCodec: 'vorbis' }, {});
    expect(vorbis.args).toEqual(['-vn', '-c:a', 'libvorbis', '-q:a', '6', '-ar', '44100']);
    expect(vorbis.facts.format).toBe('Vorbis · VBR q6');
    expect(ffmpegAudioArgs({ format: 'ogg', quality: 'high', bitrate: 160, sampleRate: 0, channels: 0, oggCodec: 'vorbis' }, { audioBitrate: 160_000 }).args).toEqual(['-vn', '-c:a', 'libvorbis', '-b:a', '160000']);
  });
});

describe('a size the user asks for', () => {
  it('is the percent of the input or the megabytes typed; a quality level asks for none', () => {
    expect(targetBytesOf({ mode: 'percent', percent: 40, targetMB: 9 }, 1_000_000)).toBe(400_000);
    expect(targetBytesOf({ mode: 'size', percent: 40, targetMB: 2 }, 1_000_000)).toBe(2 * 1024 * 1024);
    expect(targetBytesOf({ mode: 'quality', percent: 40, targetMB: 2 }, 1_000_000)).toBeUndefined();
  });

  it('is a ceiling: any result over it missed it', () => {
    expect(missesTarget(52_429, 52_429)).toBe(false);
    expect(missesTarget(52_893, 52_429)).toBe(true);
    expect(missesTarget(10_000_000, undefined)).toBe(false);
  });
});
