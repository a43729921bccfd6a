import type { AudioFormat, AudioSettings } from '../../../engines/media/types';

export const AUDIO_DEFAULTS: AudioSettings = { format: 'mp3', quality: 'medium', bitrate: 0, sampleRate: 0, channels: 0, oggCodec: 'opus' };

export const FORMATS: AudioFormat[] = ['mp3', 'wav', 'ogg', 'flac', 'm4a', 'aac'];
export const BITRATES = [0, 320, 256, 192, 160, 128, 96, 64];
export const SAMPLE_RATES = [0, 48000, 44100, 32000, 22050, 16000];
export const LOSSLESS: AudioFormat[] = ['wav', 'flac'];

export function cleanAudioSettings(s: AudioSettings): AudioSettings {
  return {
    format: FORMATS.includes(s.format) ? s.format : AUDIO_DEFAULTS.format,
    quality: ['high', 'medium', 'low'].includes(s.quality) ? s.quality : AUDIO_DEFAULTS.quality,
    bitrate: BITRATES.includes(s.bitrate) ? s.bitrate : 0,
    // Opus runs at 48 kHz only: the sample rate choice does not apply to OGG Opus.
    sampleRate: SAMPLE_RATES.includes(s.sampleRate) && !(s.format === 'ogg' && s.oggCodec !== 'vorbis') ? s.sampleRate : 0,
    channels: s.channels === 1 || s.channels === 2 ? s.channels : 0,
    oggCodec: s.oggCodec === 'vorbis' ? 'vorbis' : 'opus',
  };
}

