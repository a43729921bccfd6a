import { describe, expect, it } from 'vitest';
import { planJob, smallestWanted, webmCodecFor, type CapabilityCheck, type Wanted } from './planner';
import type { MediaProbe } from './types';

/** A browser like Debian's Chromium: AVC, VP9, AV1 and Opus, no AAC encoder. */
const chromium: CapabilityCheck = {
  videoEncoder: async (codec) => ['avc', 'vp9', 'av1'].includes(codec),
  audioEncoder: async (codec) => codec === 'opus',
};
const withAac: CapabilityCheck = { ...chromium, audioEncoder: async () => true };
const nothing: CapabilityCheck = { videoEncoder: async () => false, audioEncoder: async () => false };

const mp4: MediaProbe = {
  readable: true,
  container: 'MP4',
  duration: 2,
  video: { codec: 'avc', width: 320, height: 240, fps: 30, canDecode: true },
  audio: { codec: 'aac', sampleRate: 48000, channels: 2, canDecode: true },
};
const video = (container: 'mp4' | 'webm', keepAudio = true, smallest = false): Wanted => ({ kind: 'video', container, keepAudio, width: 320, height: 240, videoBitrate: 500_000, audioBitrate: 128_000, smallest });
const audio = (format: 'mp3' | 'wav' | 'ogg' | 'flac' | 'm4a' | 'aac'): Wanted => ({ kind: 'audio', format, sampleRate: 0, channels: 0, bitrate: 128_000 });

describe('planJob', () => {
  it('encodes MP4 with WebCodecs H.264 and the wasm AAC encoder where the browser has no AAC', async () => {
    expect(await planJob(mp4, video('mp4'), chromium)).toEqual({ engine: 'webcodecs', video: { codec: 'avc' }, audio: { codec: 'aac', encoder: 'wasm' } });
    expect(await planJob(mp4, video('mp4'), withAac)).toEqual({ engine: 'webcodecs', video: { codec: 'avc' }, audio: { codec: 'aac', encoder: 'webcodecs' } });
  });

  it('encodes WebM with VP9 + Opus, AV1 when VP9 is missing, and drops audio when asked', async () => {
    expect(await planJob(mp4, video('webm'), chromium)).toEqual({ engine: 'webcodecs', video: { codec: 'vp9' }, audio: { codec: 'opus', encoder: 'webcodecs' } });
    const av1Only: CapabilityCheck = { ...chromium, videoEncoder: async (c) => c === 'av1' };
    expect((await planJob(mp4, video('webm'), av1Only)).engine === 'webcodecs' && (await planJob(mp4, video('webm'), av1Only))).toMatchObject({ video: { codec: 'av1' } });
    expect(await planJob(mp4, video('webm', false), chromium)).toEqual({ engine: 'webcodecs', video: { codec: 'vp9' } });
  });

  it('gives the smallest-file WebM AV1 first, VP9 where there is no AV1 encoder, and ffmpeg VP8 where neither', async () => {
    expect(await planJob(mp4, video('webm', true, true), chromium)).toMatchObject({ engine: 'webcodecs', video: { codec: 'av1' } });
    const vp9Only: CapabilityCheck = { ...chromium, videoEncoder: async (c) => c === 'vp9' };
    expect(await planJob(mp4, video('webm', true, true), vp9Only)).toMatchObject({ engine: 'webcodecs', video: { codec: 'vp9' } });
    const none: CapabilityCheck = { ...chromium, videoEncoder: async () => false };
    expect(await planJob(mp4, video('webm', true, true), none)).toEqual({ engine: 'ffmpeg', reason: 'encode' });
    expect(webmCodecFor({ av1: true, vp9: true }, true)).toBe('av1');
    expect(webmCodecFor({ av1: true, vp9: true }, false)).toBe('vp9');
    expect(webmCodecFor({ av1: false, vp9: true }, true)).toBe('vp9');
    expect(webmCodecFor({ av1: true, vp9: false }, false)).toBe('av1');
    expect(webmCodecFor({ av1: false, vp9: false }, true)).toBe('vp8');
    expect(smallestWanted({ mode: 'quality', speed: 'smallest' })).toBe(true);
    expect(smallestWanted({ mode: 'size', speed: 'smallest' })).toBe(false);
    expect(smallestWanted({ mode: 'quality', speed: 'fast' })).toBe(false);
  });

  it('asks the capability check with the real output size and bit rate', async () => {
    const asked: unknown[] = [];
    const spy: CapabilityCheck = { videoEncoder: async (...a) => (asked.push(a), true), audioEncoder: async (...a) => (asked.push(a), true) };
    await planJob(mp4, video('mp4'), spy);
    expect(asked).toEqual([
      ['avc', 320, 240, 500_000],
      ['aac', 48000, 2, 128_000],
    ]);
  });

  it('falls back to ffmpeg.wasm for containers, decoders or encoders the browser lacks', async () => {
    expect(await planJob({ readable: false, container: 'avi' }, video('mp4'), chromium)).toEqual({ engine: 'ffmpeg', reason: 'container' });
    expect(await planJob({ ...mp4, video: { ...mp4.video!, canDecode: false } }, video('mp4'), chromium)).toEqual({ engine: 'ffmpeg', reason: 'decode' });
    expect(await planJob({ ...mp4, audio: { ...mp4.audio!, canDecode: false } }, video('mp4'), chromium)).toEqual({ engine: 'ffmpeg', reason: 'decode' });
    // Undecodable audio does not matter when the sound is dropped.
    expect((await planJob({ ...mp4, audio: { ...mp4.audio!, canDecode: false } }, video('mp4', false), chromium)).engine).toBe('webcodecs');
    expect(await planJob(mp4, video('mp4'), nothing)).toEqual({ engine: 'ffmpeg', reason: 'encode' });
    expect(await planJob(mp4, audio('ogg'), nothing)).toEqual({ engine: 'ffmpeg', reason: 'encode' });
  });

  it('plans audio outputs: wasm MP3/FLAC, PCM WAV, Opus OGG, AAC native or wasm', async () => {
    expect(await planJob(mp4, audio('mp3'), chromium)).toEqual({ engine: 'webcodecs', audio: { codec: 'mp3', encoder: 'wasm' } });
    expect(await planJob(mp4, audio('flac'), chromium)).toEqual({ engine: 'webcodecs', audio: { codec: 'flac', encoder: 'wasm' } });
    expect(await planJob(mp4, audio('wav'), nothing)).toEqual({ engine: 'webcodecs', audio: { codec: 'pcm-s16', encoder: 'pcm' } });
    expect(await planJob(mp4, audio('ogg'), chromium)).toEqual({ engine: 'webcodecs', audio: { codec: 'opus', encoder: 'webcodecs' } });
    // Vorbis: no browser encodes it, ffmpeg.wasm does.
    expect(await planJob(mp4, { kind: 'audio', format: 'ogg', sampleRate: 0, channels: 0, bitrate: 0, oggCodec: 'vorbis' }, chromium)).toEqual({ engine: 'ffmpeg', reason: 'encode' });
    expect(await planJob(mp4, audio('m4a'), chromium)).toEqual({ engine: 'webcodecs', audio: { codec: 'aac', encoder: 'wasm' } });
    expect(await planJob(mp4, audio('aac'), withAac)).toEqual({ engine: 'webcodecs', audio: { codec: 'aac', encoder: 'webcodecs' } });
  });

  it('rejects files with a translated reason', async () => {
    await expect(planJob({ readable: false, container: 'mp4' }, video('mp4'), chromium)).rejects.toMatchObject({ key: 'media:errors.unreadable' });
    await expect(planJob({ readable: true, container: 'MP3' }, video('mp4'), chromium)).rejects.toMatchObject({ key: 'media:errors.unreadable' });
    await expect(planJob({ ...mp4, video: undefined }, video('mp4'), chromium)).rejects.toMatchObject({ key: 'media:errors.noVideo' });
    await expect(planJob({ ...mp4, audio: undefined }, audio('mp3'), chromium)).rejects.toMatchObject({ key: 'media:errors.noAudio' });
  });
});
