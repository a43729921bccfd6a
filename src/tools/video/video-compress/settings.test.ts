import { describe, expect, it } from 'vitest';
import { cleanAudioSettings } from '../../audio/audio-converter/settings';
import { cleanVideoSettings, VIDEO_DEFAULTS } from './settings';

describe('stored settings', () => {
  it('keeps valid video settings and replaces anything unknown with the default', () => {
    expect(cleanVideoSettings(VIDEO_DEFAULTS)).toEqual(VIDEO_DEFAULTS);
    const bad = { ...VIDEO_DEFAULTS, container: 'avi', mode: 'x', quality: 'ultra', percent: 400, maxHeight: 1000, maxFps: 7, targetMB: -1 } as never;
    expect(cleanVideoSettings(bad)).toEqual({ ...VIDEO_DEFAULTS, percent: 95 });
  });
  it('keeps audio settings sane: OGG (Opus) always runs at 48 kHz', () => {
    expect(cleanAudioSettings({ format: 'ogg', quality: 'high', bitrate: 128, sampleRate: 44100, channels: 1, oggCodec: 'opus' })).toEqual({ format: 'ogg', quality: 'high', bitrate: 128, sampleRate: 0, channels: 1, oggCodec: 'opus' });
    // Vorbis takes any sample rate; settings stored before the codec choice existed get Opus.
    expect(cleanAudioSettings({ format: 'ogg', quality: 'high', bitrate: 0, sampleRate: 44100, channels: 0, oggCodec: 'vorbis' }).sampleRate).toBe(44100);
    expect(cleanAudioSettings({ format: 'ogg', quality: 'high', bitrate: 0, sampleRate: 0, channels: 0 } as never).oggCodec).toBe('opus');
    expect(cleanAudioSettings({ format: 'exe', quality: 'x', bitrate: 999, sampleRate: 12345, channels: 6 } as never)).toEqual({ format: 'mp3', quality: 'medium', bitrate: 0, sampleRate: 0, channels: 0, oggCodec: 'opus' });
  });
});
