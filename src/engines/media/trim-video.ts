// Lossless video trim: the kept pieces' packets copied into a new file of the same container, never decoded.
// Runs in the media worker (and in Node for the unit test). See cut-plan.ts for where the cuts fall.
import {
  ALL_FORMATS,
  BlobSource,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  type EncodedPacket,
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
import { audioOnlySegments, audioSegmentOf, planVideoCut, segmentOffsets, type CutSegment, type PacketInfo } from './cut-plan';

export interface VideoTrimSettings {
  ranges: TimeRange[];
  mode: RangeMode;
  removeAudio: boolean;
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
}

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
  for await (const p of new EncodedPacketSink(track).packets(undefined, undefined, { metadataOnly: true })) out.push({ timestamp: p.timestamp, duration: p.duration, key: p.type === 'key' });
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
  onProgress: (fraction: number) => void = () => {},
  /** Called with the output's extension before `target` is asked for (the OPFS file is named by it). */
  prepare?: (extension: string) => Promise<void>,
): Promise<VideoTrimResult> {
  if (file.size === 0) throw new ToolError('media:errors.unreadable');
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
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
    const plan: CutSegment[] | Omit<CutSegment, 'indices'>[] = video ? planVideoCut(packets, kept) : audioOnlySegments(kept);
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

    const total = (video ? (plan as CutSegment[]).reduce((n, p) => n + p.indices.length, 0) : 0) || 1;
    let written = 0;
    try {
      // Pictures first, then sound: both sources buffer until the other catches up within the muxer.
      if (video && videoSource) {
        const config = await video.getDecoderConfig();
        const wanted = new Map<number, number>();
        (plan as CutSegment[]).forEach((seg, k) => seg.indices.forEach((i) => wanted.set(i, k)));
        const last = Math.max(...wanted.keys());
        let index = 0;
        let first = true;
        const sink = new EncodedPacketSink(video);
        const audioIter = audioSource ? soundPacketCopy(audio!, audioSource, placeInPieces(plan, offsets)) : null;
        for await (const packet of sink.packets()) {
          const k = wanted.get(index);
          if (k !== undefined) {
            await videoSource.add(packet.clone({ timestamp: packet.timestamp + offsets[k] }), first && config ? { decoderConfig: config } : undefined);
            first = false;
            written++;
            if (written % 30 === 0) onProgress(written / total);
            // Interleave: the sound up to this picture's time, so the muxer never holds a long run of one track.
            if (audioIter) await audioIter.until(packet.timestamp + offsets[k]);
          }
          if (++index > last) break;
        }
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
    };
  } finally {
    input.dispose();
  }
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
export async function trimVideoFile(file: Blob, s: VideoTrimSettings, diskFolder: string | null, onProgress: (fraction: number) => void): Promise<VideoTrimResult & { data: ArrayBuffer | Blob }> {
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
