// The up-front overshoot check (overshoot.ts) in the media worker: the probe window encoded exactly as the fast path
// will encode the whole (same encoder, job and key frames), in memory, then its packets read back.
import { ALL_FORMATS, BufferSource, BufferTarget, Conversion, EncodedPacketSink, Input, Mp4OutputFormat, Output, type ConversionAudioOptions, type InputTrack } from 'mediabunny';
import { predictedBitrate, probeWindow, type PacketInfo } from './overshoot';
import { conversionVideoOptions, type VideoJob } from './video-job';

async function packetsOf(track: InputTrack | null): Promise<PacketInfo[]> {
  const packets: PacketInfo[] = [];
  if (!track) return packets;
  for await (const p of new EncodedPacketSink(track).packets(undefined, undefined, { metadataOnly: true })) packets.push({ bytes: p.byteLength, key: p.type === 'key' });
  return packets;
}

/** Each video packet's size and whether it is a key frame, from an encoded file's index. */
export async function videoPackets(data: ArrayBuffer | Uint8Array): Promise<PacketInfo[]> {
  const input = new Input({ source: new BufferSource(data), formats: ALL_FORMATS });
  try {
    return await packetsOf(await input.getPrimaryVideoTrack());
  } finally {
    input.dispose();
  }
}

/**
 * The bit rate (bit/s, pictures and sound) the fast path will write for the whole `input`, or null where no probe is
 * worth it or it failed. The sound is encoded in the window too: at a small size its encoder's floor can be what
 * overshoots (Chromium's AAC asked for 32 kbit/s).
 */
export async function probeBitrate(input: Input, job: VideoJob, audio: ConversionAudioOptions | null, duration: number, fps: number, parts: number[]): Promise<number | null> {
  const trim = probeWindow(duration);
  if (!trim) return null;
  const target = new BufferTarget();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
  try {
    const conversion = await Conversion.init({ input, output, trim, video: conversionVideoOptions(job), audio: audio ?? { discard: true } });
    if (!conversion.isValid) return null;
    await conversion.execute();
    const written = new Input({ source: new BufferSource(target.buffer!), formats: ALL_FORMATS });
    try {
      const video = predictedBitrate(await packetsOf(await written.getPrimaryVideoTrack()), duration, fps, parts);
      const sound = (await packetsOf(audio ? await written.getPrimaryAudioTrack() : null)).reduce((n, p) => n + p.bytes, 0);
      return video === null ? null : video + (sound * 8) / (trim.end - trim.start);
    } finally {
      written.dispose();
    }
  } catch (error) {
    // The whole encode then meets the same problem and reports it; the probe only decides which engine goes first.
    console.warn('The size probe failed; the browser encoder goes first.', error);
    await output.cancel().catch(() => {});
    return null;
  }
}
