// Lossless video trim: the kept pieces' packets copied into a new file of the same container, never decoded.
// Runs in the media worker (and in Node for the unit test). See cut-plan.ts for where the cuts fall.
import {
  ALL_FORMATS,
  EncodedPacket,
  BlobSource,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  type InputAudioTrack,
  type InputVideoTrack,
  MATROSKA,
  MkvOutputFormat,
  QTFF,
  Mp4OutputFormat,
  MovOutputFormat,
  MP4,
  Output,
  type OutputFormat,
  WEBM,
  WebMOutputFormat,
  type Target,
} from 'mediabunny';
import { ToolError } from '../../lib/errors';
import { openTarget } from './output-target';
import { soundPacketCopy, type PacketPlace } from './packet-copy';
import { keptRanges, type RangeMode, type TimeRange } from '../../lib/time-ranges';
import { AvcSplice, isIdrSample, parseAvcC } from './avc-splice';
import { audioOnlySegments, audioSegmentOf, planExactCut, planVideoCut, segmentOffsets, type CutSegment, type ExactSegment, type PacketInfo } from './cut-plan';
import { encodeHead, headEncoderConfig } from './exact-head';
import { bytesOf } from '../../lib/buffer-source';

export interface VideoTrimSettings {
  ranges: TimeRange[];
  mode: RangeMode;
  removeAudio: boolean;
  /** Frame-accurate cuts: the pictures from each cut to the next key frame re-encoded (VP8/VP9, H.264 in MP4/MOV/MKV), the rest copied. */
  exactCut: boolean;
}

export interface VideoTrimResult {
  mime: string;
  extension: string;
  /** Where each kept piece really starts and ends in the source (key frames). */
  cuts: TimeRange[];
  duration: number;
  /** The input's length, for the row. */
  inputDuration: number;
  width?: number;
  height?: number;
  packets: number;
  /** Exact cut asked for: 'done' (seconds re-encoded in `reencoded`) or 'unavailable' (cut on key frames instead). */
  exact?: 'done' | 'unavailable';
  reencoded?: number;
}

/** A stage's fraction done: the pictures re-encoded at exact cuts (first), then the packets written. */
export type TrimProgress = (fraction: number, stage?: 'encoding' | 'copying') => void;

/** The containers a packet copy writes back as themselves; others are refused with a clear message. */
export function outputFor(format: unknown, fastStart: boolean): { format: OutputFormat; mime: string; extension: string } | null {
  if (format === MP4) return { format: new Mp4OutputFormat({ fastStart: fastStart ? 'in-memory' : false }), mime: 'video/mp4', extension: 'mp4' };
  if (format === QTFF) return { format: new MovOutputFormat({ fastStart: fastStart ? 'in-memory' : false }), mime: 'video/quicktime', extension: 'mov' };
  if (format === WEBM) return { format: new WebMOutputFormat(), mime: 'video/webm', extension: 'webm' };
  if (format === MATROSKA) return { format: new MkvOutputFormat(), mime: 'video/x-matroska', extension: 'mkv' };
  return null;
}

/** The container a packet copy of `input` writes (its own), or a ToolError: unreadable, or `refusal` for the rest. */
export async function copyOutputOf(input: Input, fastStart: boolean, refusal: string): Promise<NonNullable<ReturnType<typeof outputFor>>> {
  let format;
  try {
    format = await input.getFormat();
  } catch {
    throw new ToolError('media:errors.unreadable');
  }
  const out = outputFor(format, fastStart);
  if (!out) throw new ToolError(refusal);
  return out;
}

async function packetInfo(track: InputVideoTrack): Promise<PacketInfo[]> {
  const out: PacketInfo[] = [];
  for await (const p of new EncodedPacketSink(track).packets(undefined, undefined, { metadataOnly: true })) out.push({ timestamp: p.timestamp, duration: p.duration, key: p.type === 'key', bytes: p.byteLength });
  return out;
}

/**
 * Trims `file` to the kept ranges by copying packets. `target` receives the new file (memory or OPFS); `onProgress`
 * gets the fraction of packets written. Throws ToolError with a media:/video-trim: key on what it cannot do.
 */
export async function trimVideo(
  file: Blob,
  s: VideoTrimSettings,
  target: () => Target,
  fastStart: boolean,
  onProgress: TrimProgress = () => {},
  /** Called with the output's extension before `target` is asked for (the OPFS file is named by it). */
  prepare?: (extension: string) => Promise<void>,
): Promise<VideoTrimResult> {
  if (file.size === 0) throw new ToolError('media:errors.unreadable');
  // Slices read as asked, not a stream kept reading ahead: a 1 GB trim's job peak +188–214 MB instead of +335–376 MB
  // (bench/media memory.mjs), for 11 s instead of 9 s.
  const input = new Input({ source: new BlobSource(file, { useStreamReader: false }), formats: ALL_FORMATS });
  try {
    const out = await copyOutputOf(input, fastStart, 'video-trim:errors.container');
    let video: InputVideoTrack | null;
    let audio: InputAudioTrack | null;
    let inputDuration: number;
    let packets: PacketInfo[] = [];
    try {
      [video, audio] = await Promise.all([input.getPrimaryVideoTrack(), input.getPrimaryAudioTrack()]);
      inputDuration = await input.computeDuration();
      if (video) packets = await packetInfo(video);
    } catch {
      throw new ToolError('media:errors.decodeFailed');
    }
    if (!video && !audio) throw new ToolError('media:errors.noVideo');
    const kept = keptRanges(s.ranges, s.mode, inputDuration);
    if (!kept.length) throw new ToolError('video-trim:errors.nothingKept');
    const config = video ? await video.getDecoderConfig().catch(() => null) : null;
    // Exact cut where the codec and this browser allow it; otherwise (and where no cut falls between key frames,
    // a plain copy) the key-frame cut, and the row says so when a cut moved. The re-encoded pictures are made before
    // the file is started: an encoder that fails or cannot be spliced leaves the key-frame cut.
    const spliceable = video?.codec !== 'avc' || ['mp4', 'mov', 'mkv'].includes(out.extension);
    const exactConfig = s.exactCut && video && spliceable ? await headEncoderConfig(video, config, packets) : null;
    const starts = exactConfig && video?.codec === 'avc' && config ? await idrStarts(video, config, packets, kept) : packets;
    const exactPlan = exactConfig && starts ? planExactCut(starts, kept) : [];
    const within = exactPlan.every((p) => p.reencode.reduce((n, i) => n + packets[i].duration, 0) <= MAX_REENCODED);
    const exact = exactConfig && video && config && starts && within ? await encodeExactPieces(video, config, exactPlan, packets, exactConfig, onProgress) : null;
    const plan: ExactSegment[] | Omit<CutSegment, 'indices'>[] = video
      ? (exact?.plan ?? planVideoCut(packets, kept).map((seg) => ({ ...seg, reencode: [], tail: [], decodeFrom: seg.indices[0] })))
      : audioOnlySegments(kept);
    if (!plan.length) throw new ToolError('media:errors.decodeFailed');
    const offsets = segmentOffsets(plan);
    const keepAudio = s.removeAudio ? null : audio;
    if (video && !out.format.getSupportedVideoCodecs().includes(video.codec!)) throw new ToolError('video-trim:errors.codec');

    await prepare?.(out.extension);
    const output = new Output({ format: out.format, target: target() });
    const videoSource = video?.codec ? new EncodedVideoPacketSource(video.codec) : null;
    if (video && videoSource) output.addVideoTrack(videoSource, { rotation: video.rotation });
    const audioSource = keepAudio?.codec && out.format.getSupportedAudioCodecs().includes(keepAudio.codec) ? new EncodedAudioPacketSource(keepAudio.codec) : null;
    if (audioSource && keepAudio) output.addAudioTrack(audioSource, { languageCode: keepAudio.languageCode });
    await output.start();

    const pieces = video ? (plan as ExactSegment[]) : [];
    const total = pieces.reduce((n, p) => n + p.indices.length + p.reencode.length + p.tail.length, 0) || 1;
    let written = 0;
    const reencoded = exact?.encoded.reduce((n, m) => n + [...m.head, ...m.tail].reduce((d, p) => d + p.duration, 0), 0) ?? 0;
    try {
      // Pictures first, then sound: both sources buffer until the other catches up within the muxer.
      if (video && videoSource) {
        let first = true;
        const audioIter = audioSource ? soundPacketCopy(audio!, audioSource, placeInPieces(plan, offsets)) : null;
        const write = async (packet: EncodedPacket, k: number) => {
          const decoderConfig = exact?.description && config ? { ...config, description: exact.description } : config;
          await videoSource.add(packet.clone({ timestamp: packet.timestamp + offsets[k] }), first && decoderConfig ? { decoderConfig } : undefined);
          first = false;
          written++;
          if (written % 30 === 0) onProgress(written / total);
          // Interleave: the sound up to this picture's time, so the muxer never holds a long run of one track.
          if (audioIter) await audioIter.until(packet.timestamp + offsets[k]);
        };
        const iterator = new EncodedPacketSink(video).packets();
        let index = -1;
        let current: EncodedPacket | undefined;
        for (const [k, piece] of pieces.entries()) {
          const made = exact?.encoded[k];
          for (const packet of made?.head ?? []) await write(packet, k);
          for (const wanted of piece.indices) {
            while (index < wanted) {
              const next = await iterator.next();
              if (next.done) throw new ToolError('media:errors.decodeFailed');
              current = next.value;
              index++;
            }
            await write(current!, k);
          }
          for (const packet of made?.tail ?? []) await write(packet, k);
        }
        await iterator.return(undefined);
        if (audioIter) await audioIter.until(Infinity);
      } else if (audioSource) {
        await soundPacketCopy(audio!, audioSource, placeInPieces(plan, offsets)).until(Infinity);
      }
      await output.finalize();
    } catch (error) {
      await output.cancel().catch(() => {});
      if (error instanceof ToolError) throw error;
      console.error(error);
      throw new ToolError('media:errors.decodeFailed');
    }
    onProgress(1);
    const cuts = plan.map((p) => ({ start: p.start, end: p.end }));
    return {
      mime: out.mime,
      extension: out.extension,
      cuts,
      duration: cuts.reduce((n, c) => n + c.end - c.start, 0),
      inputDuration,
      width: video?.displayWidth,
      height: video?.displayHeight,
      packets: written,
      ...(s.exactCut && video ? exactOutcome(exact !== null, reencoded, plan, packets, kept) : {}),
    };
  } finally {
    input.dispose();
  }
}

interface ExactPieces {
  plan: ExactSegment[];
  /** Per piece: the re-encoded pictures before and after its copied packets, ready to write. */
  encoded: { head: EncodedPacket[]; tail: EncodedPacket[] }[];
  /** H.264: the track's avcC, the source's parameter sets and the encoder's renumbered beside them. */
  description?: Uint8Array;
}

/**
 * The re-encoded pictures of an exact cut, or null where it cannot be done (the encoder failed or dropped pictures;
 * H.264: a copied piece that does not start on an IDR picture, or an encoder whose slices cannot be renumbered).
 */
async function encodeExactPieces(
  video: InputVideoTrack,
  config: VideoDecoderConfig,
  plan: ExactSegment[],
  packets: readonly PacketInfo[],
  encoderConfig: VideoEncoderConfig,
  onProgress: TrimProgress,
): Promise<ExactPieces | null> {
  let splice: AvcSplice | null = null;
  if (video.codec === 'avc') {
    const source = avcRecordOf(config);
    if (!source) return null;
    splice = new AvcSplice(source);
    // The decoder may switch parameter sets only at an IDR picture: every copied piece must start on one.
    const sink = new EncodedPacketSink(video);
    for (const piece of plan) {
      if (!piece.indices.length) continue;
      const key = await sink.getPacket(packets[piece.indices[0]].timestamp);
      if (!key || !isIdrSample(key.data, source.lengthSize)) return null;
    }
  }
  const encoded: ExactPieces['encoded'] = [];
  const total = plan.reduce((n, p) => n + p.reencode.length + p.tail.length, 0) || 1;
  let done = 0;
  const onPicture = () => {
    done++;
    if (done % 5 === 0) onProgress(done / total, 'encoding');
  };
  try {
    for (const piece of plan) {
      const made = { head: [] as EncodedPacket[], tail: [] as EncodedPacket[] };
      for (const [part, indices] of [['head', piece.reencode], ['tail', piece.tail]] as const) {
        if (!indices.length) continue;
        const { packets: out, description } = await encodeHead(video, indices.map((i) => packets[i]), encoderConfig, onPicture);
        if (!splice) {
          made[part] = out;
          continue;
        }
        const rewrite = description ? splice.add(description) : null;
        if (!rewrite) return null;
        made[part] = out.map((p) => new EncodedPacket(rewrite(p.data), p.type, p.timestamp, p.duration));
      }
      encoded.push(made);
    }
  } catch (error) {
    console.warn('exact cut unavailable:', error);
    return null;
  }
  return { plan, encoded, description: splice?.description() };
}

/** Exact cut's longest run of re-encoded pictures before a piece's copy (an H.264 open GOP's IDR may be far). */
const MAX_REENCODED = 20;

/**
 * H.264: the packets with only IDR pictures as key frames inside the kept ranges, up to the first in each. A decoder
 * may switch to the source's parameter sets only at an IDR picture, and an open GOP's I picture after re-encoded
 * ones leaves it with the wrong references and picture order (ffmpeg drops pictures, Chromium's decoder stops where
 * x264's first P unmarks a picture of the GOP before): so a piece's copy starts on the first IDR picture, the
 * pictures before it re-encoded. Null where the parameter sets cannot be read.
 */
export async function idrStarts(video: InputVideoTrack, config: VideoDecoderConfig, packets: readonly PacketInfo[], kept: readonly TimeRange[]): Promise<PacketInfo[] | null> {
  const source = avcRecordOf(config);
  if (!source) return null;
  const sink = new EncodedPacketSink(video);
  const out = packets.map((p) => ({ ...p }));
  for (const range of kept)
    for (const p of out) {
      if (!p.key || p.timestamp < range.start - 1e-6 || p.timestamp >= range.end) continue;
      if (p.timestamp > range.start + MAX_REENCODED) break;
      const packet = await sink.getPacket(p.timestamp);
      if (packet && isIdrSample(packet.data, source.lengthSize)) break;
      p.key = false;
    }
  return out;
}

/** The source's H.264 parameter sets (its avcC record), or null where the decoder config carries none it can read. */
const avcRecordOf = (config: VideoDecoderConfig) => (config.description ? parseAvcC(bytesOf(config.description)) : null);

/** What the row says about an exact cut: done (and how long was re-encoded), or unavailable where a cut moved. */
function exactOutcome(done: boolean, reencoded: number, plan: readonly Omit<CutSegment, 'indices'>[], packets: readonly PacketInfo[], kept: readonly TimeRange[]): Pick<VideoTrimResult, 'exact' | 'reencoded'> {
  if (done) return { exact: 'done', reencoded };
  // The key-frame cut moved a start where the exact cut's first picture is not one of its starts.
  const moved = planExactCut(packets, kept).some((e) => !plan.some((p) => Math.abs(p.start - e.start) < 1e-6));
  return moved ? { exact: 'unavailable' } : {};
}

/** The sound's packets of each kept piece, moved by the piece's offset; the copy ends after the last piece. */
function placeInPieces(segments: Omit<CutSegment, 'indices'>[], shift: number[]) {
  return (packet: EncodedPacket): PacketPlace => {
    const k = audioSegmentOf(packet.timestamp, segments);
    if (k >= 0) return { at: packet.timestamp + shift[k] };
    return packet.timestamp >= segments.at(-1)!.end ? 'end' : 'skip';
  };
}

/** The worker's side: the trimmed file in OPFS (or memory), its bytes handed to the page. */
export async function trimVideoFile(file: Blob, s: VideoTrimSettings, diskFolder: string | null, onProgress: TrimProgress): Promise<VideoTrimResult & { data: ArrayBuffer | Blob }> {
  let opened: Awaited<ReturnType<typeof openTarget>> | undefined;
  let extension = 'mp4';
  const result = await trimVideo(
    file,
    s,
    () => {
      if (!opened) throw new ToolError('media:errors.conversionFailed');
      return opened.target;
    },
    !diskFolder,
    onProgress,
    async (ext) => {
      extension = ext;
      opened = await openTarget(diskFolder, extension);
    },
  ).catch(async (error: unknown) => {
    await opened?.abort();
    throw error;
  });
  return { ...result, data: await opened!.result() };
}
