// Parallel video encoding (issue 15): one encoder can leave cores idle (Firefox ESR's keeps 1.35 of 2 busy, see
// bench/media), so the timeline is cut at the input's key frames and each segment is decoded and encoded by its own
// VideoEncoder in its own worker (segment-encode.ts), which the page starts for it (segment-workers.ts). The packets
// are joined in order into one track; the sound is encoded once, here, by a composable mediabunny conversion into
// the same output. Runs in the media worker; the page ends the segment workers with the job.
import * as Comlink from 'comlink';
import {
  BufferSource,
  ALL_FORMATS,
  Conversion,
  EncodedPacket,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  type ConversionAudioOptions,
  type InputVideoTrack,
  type Output,
} from 'mediabunny';
import { ToolError } from '../../lib/errors';
import { unwrap } from '../../runtime/envelope';
import type { MediaWorkerApi } from './worker';
import { placeSegment, sameTrackConfig, segmentCount, splitAtKeyFrames, type Segment, type SegmentTrackInfo } from './segments';
import type { VideoJob } from './video-job';
import { bytesOf } from '../../lib/buffer-source';

/**
 * The segment encoders, which the page starts (segment-workers.ts): `spawn` starts one more media worker and answers
 * with a port to its API, `failure` rejects if that worker fails (only the page sees it), `stop` ends them all.
 */
export interface SegmentEncoders {
  spawn(): Promise<{ id: number; port: MessagePort }>;
  failure(id: number): Promise<never>;
  stop(): void | Promise<void>;
}

/** The segments for this input on this machine; fewer than two means one encoder does it all. */
export async function planSegments(track: InputVideoTrack, duration: number, maxEncoders = Infinity): Promise<Segment[]> {
  const count = Math.min(maxEncoders, segmentCount(typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency, duration));
  if (count < 2) return [];
  const frames: number[] = [];
  const keys: number[] = [];
  // Metadata only: from an MP4's index, without reading the frames.
  for await (const packet of new EncodedPacketSink(track).packets(undefined, undefined, { metadataOnly: true })) {
    frames.push(packet.timestamp);
    if (packet.type === 'key') keys.push(packet.timestamp);
  }
  return splitAtKeyFrames(frames, keys, count);
}

interface EncodedSegment {
  info: SegmentTrackInfo;
  decoderConfig: VideoDecoderConfig;
  packets: EncodedPacket[];
  input: Input;
}

async function readSegment(data: ArrayBuffer): Promise<EncodedSegment> {
  const input = new Input({ source: new BufferSource(data), formats: ALL_FORMATS });
  const track = await input.getPrimaryVideoTrack();
  const decoderConfig = await track?.getDecoderConfig();
  if (!track || !decoderConfig) throw new Error('An encoded segment has no video track.');
  const packets: EncodedPacket[] = [];
  for await (const packet of new EncodedPacketSink(track).packets()) packets.push(packet);
  const d = decoderConfig.description;
  const description = d ? bytesOf(d) : undefined;
  return { info: { codec: decoderConfig.codec, codedWidth: track.codedWidth, codedHeight: track.codedHeight, description, rotation: track.rotation }, decoderConfig, packets, input };
}

export interface ParallelJob {
  file: File;
  input: Input;
  video: VideoJob;
  segments: Segment[];
  /** Null drops the sound. */
  audio: ConversionAudioOptions | null;
  output: Output;
  encoders: SegmentEncoders;
  onProgress: (framesDone: number, framesTotal: number) => void;
}

/** Encodes the segments at once and writes one video track (and the sound) into `output`, which it starts and finalizes. */
export async function encodeInParallel({ file, input, video, segments, audio, output, encoders, onProgress }: ParallelJob): Promise<void> {
  const total = segments.reduce((n, s) => n + s.frames, 0);
  const fractions = segments.map(() => 0);
  const report = () => onProgress(Math.round(segments.reduce((n, s, i) => n + s.frames * fractions[i], 0)), total);
  try {
    const encoded = segments.map(async (s, i) => {
      const { id, port } = await encoders.spawn();
      const api = Comlink.wrap<MediaWorkerApi>(port);
      const progress = Comlink.proxy((fraction: number) => {
        fractions[i] = fraction;
        report();
      });
      return unwrap(await Promise.race([api.encodeSegment(file, video, s.start, s.end, progress), encoders.failure(id)]));
    });
    // A failure is seen where the segments are joined; the others must not surface as unhandled rejections.
    encoded.forEach((e) => e.catch(() => {}));
    const track = (await input.getPrimaryVideoTrack())!;
    const audioTrack = audio ? await input.getPrimaryAudioTrack() : null;
    // The output timeline starts where the input's first kept track starts, as in a one-encoder conversion.
    const origin = Math.max(0, await input.getFirstTimestamp(audioTrack ? [track, audioTrack] : [track]));
    const source = new EncodedVideoPacketSource(video.codec);
    output.addVideoTrack(source, { frameRate: video.frameRate, rotation: track.rotation });
    const conversion = audio ? await Conversion.init({ input, output, composable: true, video: { discard: true }, audio, trim: { start: origin } }) : null;
    if (conversion && !conversion.isValid) throw new ToolError('media:errors.cannotEncode');
    await output.start();
    const writeVideo = async () => {
      let first: SegmentTrackInfo | undefined;
      let end: number | undefined;
      for (const [i, segment] of segments.entries()) {
        const part = await readSegment(await encoded[i]);
        try {
          if (!first) first = part.info;
          else if (!sameTrackConfig(first, part.info)) throw new Error('The segment encoders wrote different decoder configurations.');
          const placed = placeSegment(part.packets, segment.start - origin, end);
          end = placed.end;
          for (const [n, p] of placed.packets.entries()) {
            const packet = new EncodedPacket(p.data, p.type, p.timestamp, p.duration);
            await source.add(packet, i === 0 && n === 0 ? { decoderConfig: part.decoderConfig } : undefined);
          }
        } finally {
          part.input.dispose();
        }
      }
      source.close();
    };
    await Promise.all([writeVideo(), conversion?.execute()]);
    await output.finalize();
  } catch (error) {
    await output.cancel().catch(() => {});
    throw error;
  } finally {
    await encoders.stop();
  }
}
