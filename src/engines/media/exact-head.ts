// Exact cut's re-encoded heads: the pictures from a typed start to the next key frame, decoded from the key frame
// before them and encoded again by WebCodecs in the source's codec. VP8/VP9 key frames carry every header the
// decoder needs, so the copied packets that follow decode as they did; H.264 heads are encoded as Constrained
// Baseline (CAVLC, no B-frames) and their parameter sets renumbered beside the source's (avc-splice.ts).
// Browser only (WebCodecs' VideoEncoder).
import { EncodedPacket, VideoSampleSink, type InputVideoTrack } from 'mediabunny';
import type { PacketInfo } from './cut-plan';
import { bytesOf } from '../../lib/buffer-source';

/** The codecs whose heads are re-encoded here: WebM/Matroska derive VP8/VP9's codec private from the codec string. */
const EXACT_CODECS = new Set(['vp8', 'vp9', 'avc']);

/** Constrained Baseline at the lowest level that holds the picture (macroblocks per frame). */
export function baselineCodec(width: number, height: number): string {
  const mbs = Math.ceil(width / 16) * Math.ceil(height / 16);
  const level = mbs <= 1620 ? 0x1e : mbs <= 3600 ? 0x1f : mbs <= 8192 ? 0x28 : mbs <= 22080 ? 0x33 : 0x34;
  return `avc1.42e0${level.toString(16)}`;
}

export interface EncodedHead {
  packets: EncodedPacket[];
  /** The encoder's decoder description (H.264: its avcC), where it gave one. */
  description?: Uint8Array;
}

/**
 * The encoder settings for re-encoding `track`'s heads, or null where exact cut cannot be done here (no WebCodecs
 * encoder, another codec, a profile or size the browser's encoder refuses).
 */
export async function headEncoderConfig(track: InputVideoTrack, decoder: VideoDecoderConfig | null, packets: readonly PacketInfo[]): Promise<VideoEncoderConfig | null> {
  if (!decoder || !track.codec || !EXACT_CODECS.has(track.codec) || typeof VideoEncoder === 'undefined') return null;
  const [width, height] = [await track.getCodedWidth(), await track.getCodedHeight()];
  const seconds = packets.reduce((n, p) => n + p.duration, 0) || 1;
  const bits = packets.reduce((n, p) => n + (p.bytes ?? 0), 0) * 8;
  // Several times the source's own rate: a few pictures, meant to look like the copied ones next to them.
  const bitrate = Math.round(Math.min(40e6, Math.max(4 * (bits / seconds), 0.2 * width * height)));
  const avc = track.codec === 'avc';
  if (avc && !decoder.description) return null;
  const config: VideoEncoderConfig = { codec: avc ? baselineCodec(width, height) : decoder.codec, width, height, bitrate, bitrateMode: 'variable', latencyMode: 'quality', ...(avc ? { avc: { format: 'avc' as const } } : {}) };
  try {
    const { supported } = await VideoEncoder.isConfigSupported(config);
    return supported ? config : null;
  } catch {
    return null;
  }
}

/**
 * The pictures `times` (consecutive, in presentation order, the first not a key frame) decoded from the source and
 * encoded again, the first as a key frame; each packet carries its picture's source time and duration.
 */
export async function encodeHead(track: InputVideoTrack, times: readonly PacketInfo[], config: VideoEncoderConfig, onPicture: () => void = () => {}): Promise<EncodedHead> {
  const chunks: EncodedVideoChunk[] = [];
  let description: Uint8Array | undefined;
  let failure: unknown = null;
  const output = (chunk: EncodedVideoChunk, meta?: EncodedVideoChunkMetadata) => {
    chunks.push(chunk);
    onPicture();
    const d = meta?.decoderConfig?.description as AllowSharedBufferSource | undefined;
    if (d && !description) description = bytesOf(d).slice();
  };
  const encoder = new VideoEncoder({ output, error: (e) => (failure = e) });
  try {
    encoder.configure(config);
    const last = times.at(-1)!;
    let n = 0;
    for await (const sample of new VideoSampleSink(track).samples(times[0].timestamp, last.timestamp + last.duration / 2)) {
      if (n < times.length && !failure) {
        const frame = sample.toVideoFrame();
        encoder.encode(frame, { keyFrame: n === 0 });
        frame.close();
        n++;
      }
      sample.close();
      while (encoder.encodeQueueSize > 4 && !failure) await new Promise((resolve) => encoder.addEventListener('dequeue', resolve, { once: true }));
    }
    await encoder.flush();
    if (failure) throw failure;
    if (chunks.length !== times.length || chunks[0]?.type !== 'key') throw new Error(`exact cut: ${chunks.length} pictures encoded of ${times.length}`);
    return { packets: chunks.map((chunk, i) => EncodedPacket.fromEncodedChunk(chunk).clone({ timestamp: times[i].timestamp, duration: times[i].duration })), description };
  } finally {
    if (encoder.state !== 'closed') encoder.close();
  }
}
