// What an output really is, read back from its bytes: the encoder may not give the bit rate asked for
// (MP3 at 8 kHz tops out at 64 kbit/s), and a damaged input can make an empty file. Runs in the media worker.
import { ALL_FORMATS, BlobSource, BufferSource, Input } from 'mediabunny';
import { ToolError } from '../../lib/errors';

export interface MeasuredAudio {
  /** Seconds of sound in the output. */
  duration: number;
  /** Average bit rate of the audio packets, bit/s. */
  bitrate: number;
  sampleRate: number;
  channels: number;
}

/** Reads an audio output back; an output with no sound in it is an error ('media:errors.emptyOutput'). */
export async function measureAudio(data: ArrayBuffer | Blob): Promise<MeasuredAudio> {
  const input = new Input({ source: data instanceof Blob ? new BlobSource(data) : new BufferSource(data), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryAudioTrack().catch(() => null);
    if (!track) throw new ToolError('media:errors.emptyOutput');
    const duration = await track.computeDuration();
    const stats = await track.computePacketStats();
    if (!(duration > 0) || stats.packetCount === 0) throw new ToolError('media:errors.emptyOutput');
    return { duration, bitrate: stats.averageBitrate, sampleRate: track.sampleRate, channels: track.numberOfChannels };
  } finally {
    input.dispose();
  }
}

/** "MP3 · 64 kbps · 8 kHz · mono": what was written. Lossless outputs name no bit rate. */
export function describeAudio(codecLabel: string, m: MeasuredAudio, lossless: boolean): string {
  const channels = m.channels === 1 ? 'mono' : m.channels === 2 ? 'stereo' : `${m.channels} ch`;
  return [codecLabel, lossless ? undefined : `${Math.round(m.bitrate / 1000)} kbps`, `${m.sampleRate / 1000} kHz`, channels].filter(Boolean).join(' · ');
}

/** The video track's frame count as its index states it (MP4 sample table, WebM/MKV blocks); null where unreadable. */
export async function videoFrameCount(file: Blob): Promise<number | null> {
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryVideoTrack();
    return track ? (await track.computePacketStats()).packetCount || null : null;
  } catch {
    return null;
  } finally {
    input.dispose();
  }
}
