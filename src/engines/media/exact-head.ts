// Exact cut's re-encoded heads: the pictures from a typed start to the next key frame, decoded from the key frame
// before them and encoded again by WebCodecs in the source's codec (VP8/VP9, whose key frames carry every header the
// decoder needs, so the copied packets that follow decode as they did). Browser only (WebCodecs' VideoEncoder).
import { EncodedPacket, VideoSampleSink, type InputVideoTrack } from 'mediabunny';
import type { PacketInfo } from './cut-plan';

/** The codecs whose heads are re-encoded here: WebM/Matroska derive their codec private from the codec string. */
const EXACT_CODECS = new Set(['vp8', 'vp9']);

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
  const config: VideoEncoderConfig = { codec: decoder.codec, width, height, bitrate, bitrateMode: 'variable', latencyMode: 'quality' };
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
export async function encodeHead(track: InputVideoTrack, times: readonly PacketInfo[], config: VideoEncoderConfig): Promise<EncodedPacket[]> {
  const chunks: EncodedVideoChunk[] = [];
  let failure: unknown = null;
  const encoder = new VideoEncoder({ output: (chunk) => chunks.push(chunk), error: (e) => (failure = e) });
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
    return chunks.map((chunk, i) => EncodedPacket.fromEncodedChunk(chunk).clone({ timestamp: times[i].timestamp, duration: times[i].duration }));
  } finally {
    if (encoder.state !== 'closed') encoder.close();
  }
}
