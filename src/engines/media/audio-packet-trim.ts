// Audio trim by packet copy (MP3 frames, AAC in M4A/ADTS, Opus/Vorbis in Ogg, WebM/Matroska): whole packets of the
// source copied into a file of the same format, never decoded. A packet is kept when its middle falls inside a kept
// range, so each cut lands within half a packet of the typed time; the result says where it really fell.
import {
  ADTS,
  AdtsOutputFormat,
  ALL_FORMATS,
  BlobSource,
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  Input,
  type InputAudioTrack,
  type InputFormat,
  MATROSKA,
  MkvOutputFormat,
  MP3,
  Mp3OutputFormat,
  MP4,
  Mp4OutputFormat,
  OGG,
  OggOutputFormat,
  Output,
  type OutputFormat,
  QTFF,
  WEBM,
  WebMOutputFormat,
} from 'mediabunny';
import type { TimeRange } from '../../lib/time-ranges';

export interface PacketTrimResult {
  data: Blob;
  mime: string;
  extension: string;
  /** Where each kept piece really starts and ends in the source (packet edges). */
  cuts: TimeRange[];
  duration: number;
  packets: number;
}

type XingFrame = { data: Uint8Array; position: number };

/**
 * mediabunny counts its Xing frame among the frames it declares; LAME, ffmpeg and players count the audio frames only
 * (ffprobe read one frame too long). The count is set to the packets written.
 */
function patchXingCount(file: ArrayBuffer, xing: XingFrame | null, packets: number): void {
  if (!xing) return;
  const at = xing.position + Math.max(indexOf(xing.data, 'Xing'), indexOf(xing.data, 'Info'));
  if (at < xing.position) return;
  const view = new DataView(file);
  if (view.getUint32(at + 4) & 1) view.setUint32(at + 8, packets);
}

const indexOf = (data: Uint8Array, tag: string) => {
  for (let i = 0; i + 4 <= data.length; i++) if (String.fromCharCode(data[i], data[i + 1], data[i + 2], data[i + 3]) === tag) return i;
  return -1;
};

/** The containers whose audio packets are written back as themselves; null for the others. */
export function packetOutputFor(format: InputFormat, inputExt: string): { format: (onXing?: (frame: XingFrame) => void) => OutputFormat; mime: string; extension: string } | null {
  if (format === MP3) return { format: (onXing) => new Mp3OutputFormat({ onXingFrame: (data, position) => onXing?.({ data, position }) }), mime: 'audio/mpeg', extension: 'mp3' };
  if (format === OGG) return { format: () => new OggOutputFormat(), mime: 'audio/ogg', extension: ['opus', 'oga'].includes(inputExt) ? inputExt : 'ogg' };
  if (format === ADTS) return { format: () => new AdtsOutputFormat(), mime: 'audio/aac', extension: 'aac' };
  if (format === MP4 || format === QTFF) return { format: () => new Mp4OutputFormat({ fastStart: 'in-memory' }), mime: 'audio/mp4', extension: 'm4a' };
  if (format === WEBM) return { format: () => new WebMOutputFormat(), mime: 'audio/webm', extension: 'webm' };
  if (format === MATROSKA) return { format: () => new MkvOutputFormat(), mime: 'audio/x-matroska', extension: 'mka' };
  return null;
}

/** The piece a packet [timestamp, timestamp + duration) belongs to: the one holding its middle, or -1. */
export function pieceOf(timestamp: number, duration: number, kept: readonly TimeRange[]): number {
  const middle = timestamp + duration / 2;
  return kept.findIndex((r) => middle >= r.start && middle < r.end);
}

/**
 * Copies the packets of `track` whose middles fall in `kept` (in order, without gaps) into a new file of `out`'s
 * format. Throws when the container cannot hold the codec (the caller re-encodes then).
 */
export async function trimAudioPackets(
  input: Input,
  track: InputAudioTrack,
  out: NonNullable<ReturnType<typeof packetOutputFor>>,
  kept: readonly TimeRange[],
  onProgress: (fraction: number) => void = () => {},
): Promise<PacketTrimResult> {
  let xing: XingFrame | null = null;
  const format = out.format((frame) => (xing = frame));
  if (!track.codec || !format.getSupportedAudioCodecs().includes(track.codec)) throw new Error('codec not writable in this container');
  const target = new BufferTarget();
  const output = new Output({ format, target });
  const source = new EncodedAudioPacketSource(track.codec);
  output.addAudioTrack(source, { languageCode: track.languageCode });
  await output.start();
  const config = await track.getDecoderConfig();
  const cuts: (TimeRange | undefined)[] = kept.map(() => undefined);
  const end = kept.at(-1)!.end;
  const total = await input.computeDuration();
  let at = 0;
  let packets = 0;
  try {
    const sink = new EncodedPacketSink(track);
    // Reading starts at the packet holding the first kept time: a cut late in a long recording skips what comes before.
    const first = (await sink.getPacket(kept[0].start)) ?? undefined;
    for await (const packet of sink.packets(first)) {
      if (packet.timestamp >= end) break;
      const k = pieceOf(packet.timestamp, packet.duration, kept);
      if (k < 0) continue;
      const cut = (cuts[k] ??= { start: packet.timestamp, end: packet.timestamp });
      cut.end = packet.timestamp + packet.duration;
      await source.add(packet.clone({ timestamp: at }), packets === 0 && config ? { decoderConfig: config } : undefined);
      at += packet.duration;
      if (++packets % 200 === 0) onProgress(Math.min(1, packet.timestamp / Math.max(end, total || end)));
    }
    if (!packets) throw new Error('no packet kept');
    await output.finalize();
  } catch (error) {
    await output.cancel().catch(() => {});
    throw error;
  }
  if (out.extension === 'mp3') patchXingCount(target.buffer!, xing, packets);
  onProgress(1);
  const real = cuts.filter((c): c is TimeRange => !!c);
  return { data: new Blob([target.buffer!], { type: out.mime }), mime: out.mime, extension: out.extension, cuts: real, duration: at, packets };
}

export function openInput(file: Blob): Input {
  return new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
}
