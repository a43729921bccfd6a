// Video merge (issue 29): clips joined in order into one file. Where one decoder configuration serves every clip
// (merge-plan.ts), their packets are copied, shifted in time, never decoded; otherwise every clip is decoded and
// encoded once more by one encoder, at the first clip's size (letterboxed) and frame rate, its sound (or silence)
// laid under its own pictures. Runs in the media worker.
import {
  ALL_FORMATS,
  AudioSample,
  AudioSampleSink,
  AudioSampleSource,
  BlobSource,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  MATROSKA,
  MP4,
  Mp4OutputFormat,
  MkvOutputFormat,
  MovOutputFormat,
  Output,
  QTFF,
  QUALITY_HIGH,
  VideoSample,
  VideoSampleSink,
  VideoSampleSource,
  WEBM,
  WebMOutputFormat,
  canEncodeAudio,
  getFirstEncodableVideoCodec,
  type InputAudioTrack,
  type InputVideoTrack,
  type OutputFormat,
  type AudioCodec,
} from 'mediabunny';
import { ToolError } from '../../lib/errors';
import { registerWasmEncoder } from './convert';
import { audioPacketPlace, clipTimeline, evenSize, frameTimes, joinVerdict, placeAudioPiece, type ClipSpan, type ClipStreams, type ReencodeReason } from './merge-plan';
import { openTarget, type OpenTarget } from './output-target';
import { LinearResampler, mixChannels } from './pcm-stream';
import { bytesOf } from '../../lib/buffer-source';

export interface MergeResult {
  data: ArrayBuffer | Blob;
  mime: string;
  extension: string;
  duration: number;
  width: number;
  height: number;
  /** Null: packets copied; else why the clips were re-encoded. */
  reencoded: ReencodeReason | null;
  codecs: string;
}

interface Clip {
  name: string;
  input: Input;
  format: unknown;
  video: InputVideoTrack;
  audio: InputAudioTrack | null;
  streams: ClipStreams;
  span: ClipSpan;
  packets: number;
  fps: number;
}

/** Opens one clip and reads what the plan needs; every failure names the file. */
async function openClip(file: File): Promise<Clip> {
  const name = file.name;
  if (file.size === 0) throw new ToolError('video-merge:errors.empty', { name });
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    let format: unknown;
    let video: InputVideoTrack | null;
    let audio: InputAudioTrack | null;
    try {
      format = await input.getFormat();
      [video, audio] = await Promise.all([input.getPrimaryVideoTrack(), input.getPrimaryAudioTrack()]);
    } catch {
      throw new ToolError('video-merge:errors.unreadable', { name });
    }
    if (!video) throw new ToolError('video-merge:errors.noVideo', { name });
    try {
      const config = await video.getDecoderConfig();
      const audioConfig = audio ? await audio.getDecoderConfig() : null;
      // Every packet's time, from the index: where the pictures start and end, how many there are. A truncated
      // file fails here (or lists no picture).
      let start = Infinity;
      let end = -Infinity;
      let packets = 0;
      for await (const p of new EncodedPacketSink(video).packets(undefined, undefined, { metadataOnly: true })) {
        start = Math.min(start, p.timestamp);
        end = Math.max(end, p.timestamp + p.duration);
        packets++;
      }
      if (!config || packets === 0 || !(end > start)) throw new Error('no pictures');
      const stats = await video.computePacketStats(120).catch(() => undefined);
      const streams: ClipStreams = {
        videoCodec: video.codec,
        video: { codec: config.codec, codedWidth: video.codedWidth, codedHeight: video.codedHeight, rotation: video.rotation, description: config.description && bytesOf(config.description) },
        audio:
          audio && audioConfig
            ? { codec: audio.codec, sampleRate: audio.sampleRate, channels: audio.numberOfChannels, config: audioConfig.codec, description: audioConfig.description && bytesOf(audioConfig.description) }
            : null,
      };
      return { name, input, format, video, audio: streams.audio ? audio : null, streams, span: { start, end }, packets, fps: stats?.averagePacketRate || packets / (end - start) };
    } catch (error) {
      if (error instanceof ToolError) throw error;
      throw new ToolError('video-merge:errors.truncated', { name });
    }
  } catch (error) {
    input.dispose();
    throw error;
  }
}

/** The first clip's container, for a packet copy; null where it cannot be written back as itself. */
function copyFormat(format: unknown, inMemory: boolean): { format: OutputFormat; mime: string; extension: string } | null {
  const fastStart = inMemory ? ('in-memory' as const) : false;
  if (format === MP4) return { format: new Mp4OutputFormat({ fastStart }), mime: 'video/mp4', extension: 'mp4' };
  if (format === QTFF) return { format: new MovOutputFormat({ fastStart }), mime: 'video/quicktime', extension: 'mov' };
  if (format === WEBM) return { format: new WebMOutputFormat(), mime: 'video/webm', extension: 'webm' };
  if (format === MATROSKA) return { format: new MkvOutputFormat(), mime: 'video/x-matroska', extension: 'mkv' };
  return null;
}

type Progress = (done: number, total: number) => void;

/** Runs `work` on one clip; what fails inside names that clip. */
async function onClip<T>(clip: Clip, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ToolError || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    console.error(error);
    throw new ToolError('video-merge:errors.truncated', { name: clip.name });
  }
}

async function copyJoin(clips: Clip[], out: { format: OutputFormat }, opened: OpenTarget, onProgress: Progress): Promise<number> {
  const first = clips[0];
  const output = new Output({ format: out.format, target: opened.target });
  const videoSource = new EncodedVideoPacketSource(first.video.codec!);
  output.addVideoTrack(videoSource, { rotation: first.video.rotation, frameRate: first.fps });
  const audioSource = first.audio ? new EncodedAudioPacketSource(first.audio.codec!) : null;
  if (audioSource) output.addAudioTrack(audioSource, { languageCode: first.audio!.languageCode });
  const timeline = clipTimeline(clips.map((c) => c.span));
  const total = clips.reduce((n, c) => n + c.packets, 0);
  let written = 0;
  let firstVideo = true;
  let firstAudio = true;
  const videoConfig = await first.video.getDecoderConfig();
  const audioConfig = first.audio ? await first.audio.getDecoderConfig() : null;
  await output.start();
  try {
    for (const [k, clip] of clips.entries()) {
      await onClip(clip, async () => {
        const shift = timeline.shift[k];
        const at = timeline.at[k];
        // Sound and pictures interleaved: the sound up to each picture's time, so the muxer never holds a long run.
        const audioPackets = clip.audio && audioSource ? new EncodedPacketSink(clip.audio).packets() : null;
        let pendingAudio: { packet: import('mediabunny').EncodedPacket; at: number } | null = null;
        let audioDone = !audioPackets;
        const audioUntil = async (time: number) => {
          while (!audioDone) {
            if (!pendingAudio) {
              const next = await audioPackets!.next();
              if (next.done) {
                audioDone = true;
                break;
              }
              const place = audioPacketPlace(next.value.timestamp, next.value.duration, clip.span);
              if (place === null) {
                if (next.value.timestamp > clip.span.end) {
                  audioDone = true;
                  await audioPackets!.return(undefined);
                }
                continue;
              }
              pendingAudio = { packet: next.value, at: at + place };
            }
            if (pendingAudio.at > time) break;
            await audioSource!.add(pendingAudio.packet.clone({ timestamp: pendingAudio.at }), firstAudio && audioConfig ? { decoderConfig: audioConfig } : undefined);
            firstAudio = false;
            pendingAudio = null;
          }
        };
        for await (const packet of new EncodedPacketSink(clip.video).packets()) {
          const t = packet.timestamp + shift;
          await videoSource.add(packet.clone({ timestamp: t }), firstVideo ? { decoderConfig: videoConfig! } : undefined);
          firstVideo = false;
          if (++written % 30 === 0) onProgress(written, total);
          await audioUntil(t);
        }
        await audioUntil(Infinity);
      });
    }
    await output.finalize();
  } catch (error) {
    await output.cancel().catch(() => {});
    throw error;
  }
  onProgress(total, total);
  return timeline.duration;
}

/** The encoders this browser has: H.264 + AAC in MP4 first (AAC from wasm where the browser has none), else WebM. */
async function reencodeTarget(width: number, height: number, sampleRate: number, channels: number, inMemory: boolean) {
  const codec = await getFirstEncodableVideoCodec(['avc', 'vp9', 'av1'], { width, height, quality: QUALITY_HIGH });
  if (!codec) throw new ToolError('media:errors.cannotEncode');
  if (codec === 'avc') {
    if (!(await canEncodeAudio('aac', { numberOfChannels: channels, sampleRate, quality: QUALITY_HIGH }))) await registerWasmEncoder('aac');
    return { video: codec, audio: 'aac' as AudioCodec, sampleRate, format: new Mp4OutputFormat({ fastStart: inMemory ? 'in-memory' : false }), mime: 'video/mp4', extension: 'mp4' };
  }
  return { video: codec, audio: 'opus' as AudioCodec, sampleRate: 48000, format: new WebMOutputFormat(), mime: 'video/webm', extension: 'webm' };
}

/** Frames [from, from + count) of a decoded sound piece, one float plane per channel. */
function planesOf(sample: AudioSample, from: number, count: number): Float32Array[] {
  return Array.from({ length: sample.numberOfChannels }, (_, c) => {
    const plane = new Float32Array(count);
    sample.copyTo(plane, { planeIndex: c, format: 'f32-planar', frameOffset: from, frameCount: count });
    return plane;
  });
}

function planarSample(planes: Float32Array[], rate: number, timestamp: number): AudioSample {
  const n = planes[0].length;
  const data = new Float32Array(n * planes.length);
  planes.forEach((p, c) => data.set(p, c * n));
  return new AudioSample({ data, format: 'f32-planar', numberOfChannels: planes.length, sampleRate: rate, timestamp });
}

function silence(seconds: number, rate: number, channels: number, timestamp: number): AudioSample[] {
  const out: AudioSample[] = [];
  let frames = Math.round(seconds * rate);
  let t = timestamp;
  while (frames > 0) {
    const n = Math.min(frames, rate);
    out.push(new AudioSample({ data: new Float32Array(n * channels), format: 'f32-planar', numberOfChannels: channels, sampleRate: rate, timestamp: t }));
    frames -= n;
    t += n / rate;
  }
  return out;
}

async function reencodeJoin(clips: Clip[], inMemory: boolean, diskFolder: string | null, onProgress: Progress) {
  const first = clips[0];
  const width = evenSize(first.video.displayWidth);
  const height = evenSize(first.video.displayHeight);
  const fps = Math.min(120, Math.max(1, first.fps));
  const firstSound = clips.find((c) => c.audio)?.audio ?? null;
  const channels = firstSound ? Math.min(2, firstSound.numberOfChannels) : 0;
  const target = await reencodeTarget(width, height, firstSound?.sampleRate ?? 48000, channels || 2, inMemory);
  const opened = await openTarget(diskFolder, target.extension);
  try {
    const output = new Output({ format: target.format, target: opened.target });
    const videoSource = new VideoSampleSource({
      codec: target.video,
      quality: QUALITY_HIGH,
      sizeChangeBehavior: 'passThrough',
      transform: { width, height, fit: 'contain' },
    });
    output.addVideoTrack(videoSource, { frameRate: fps });
    const audioSource = firstSound ? new AudioSampleSource({ codec: target.audio, quality: QUALITY_HIGH, }) : null;
    if (audioSource) output.addAudioTrack(audioSource);
    const plans = clips.map((c) => frameTimes(c.span, fps));
    const total = plans.reduce((n, p) => n + p.count, 0);
    let done = 0;
    let at = 0;
    let cursor = 0; // where the sources' sound placed so far ends
    let written = 0; // where the sound given to the encoder ends
    const black = new OffscreenCanvas(width, height);
    const bctx = black.getContext('2d')!;
    bctx.fillStyle = '#000';
    bctx.fillRect(0, 0, width, height);
    await output.start();
    try {
      for (const [k, clip] of clips.entries()) {
        const plan = plans[k];
        const end = at + plan.count / fps;
        await onClip(clip, async () => {
          if (!(await clip.video.canDecode())) throw new ToolError('video-merge:errors.undecodable', { name: clip.name });
          if (clip.audio && audioSource && !(await clip.audio.canDecode())) throw new ToolError('video-merge:errors.undecodable', { name: clip.name });
          const times = Array.from({ length: plan.count }, (_, i) => plan.sourceTime(i));
          let last: VideoSample | null = null;
          let i = 0;
          for await (const sample of new VideoSampleSink(clip.video).samplesAtTimestamps(times)) {
            if (sample !== last) last?.close();
            last = sample;
            const frame = sample ? sample.clone() : new VideoSample(black, { timestamp: 0 });
            frame.setTimestamp(at + i / fps);
            frame.setDuration(1 / fps);
            await videoSource.add(frame);
            frame.close();
            i++;
            if (++done % 10 === 0) onProgress(done, total);
          }
          last?.close();
          if (i === 0) throw new Error('no frames decoded');
          if (audioSource) {
            if (clip.audio) {
              // `cursor` follows the clip's own sound (what is placed), `written` what went out at the output's rate.
              const resampler = new LinearResampler(clip.audio.sampleRate, target.sampleRate);
              for await (const sample of new AudioSampleSink(clip.audio).samples(clip.span.start, clip.span.end)) {
                const place = placeAudioPiece(at + sample.timestamp - clip.span.start, sample.numberOfFrames, sample.sampleRate, cursor, end);
                for (const s of silence(place.silence, target.sampleRate, channels, written)) {
                  written += s.numberOfFrames / target.sampleRate;
                  await audioSource.add(s);
                  s.close();
                }
                cursor += place.silence;
                if (place.keep > 0) {
                  const planes = resampler.push(mixChannels(planesOf(sample, place.skip, place.keep), channels));
                  cursor += place.keep / sample.sampleRate;
                  if (planes[0].length > 0) {
                    const piece = planarSample(planes, target.sampleRate, written);
                    written += piece.numberOfFrames / target.sampleRate;
                    await audioSource.add(piece);
                    piece.close();
                  }
                }
                sample.close();
              }
            }
            // Silence where a clip has no sound, or its sound stops before its pictures do.
            for (const s of silence(end - written, target.sampleRate, channels, written)) {
              written += s.numberOfFrames / target.sampleRate;
              await audioSource.add(s);
              s.close();
            }
            cursor = Math.max(cursor, end);
          }
        });
        at = end;
      }
      await output.finalize();
    } catch (error) {
      await output.cancel().catch(() => {});
      throw error;
    }
    onProgress(total, total);
    return { data: await opened.result(), mime: target.mime, extension: target.extension, duration: at, width, height, codecs: `${target.video}${audioSource ? ` + ${target.audio}` : ''}` };
  } catch (error) {
    await opened.abort();
    throw error;
  }
}

/** Joins `files` in order; `diskFolder` is the page's OPFS folder for the output (null: memory). */
export async function mergeVideos(files: File[], diskFolder: string | null, onProgress: Progress): Promise<MergeResult> {
  if (files.length === 0) throw new ToolError('video-merge:errors.none');
  const clips: Clip[] = [];
  try {
    for (const f of files) clips.push(await openClip(f));
    let verdict = joinVerdict(clips.map((c) => c.streams));
    const copy = verdict.copy ? copyFormat(clips[0].format, !diskFolder) : null;
    if (verdict.copy) {
      const c = copy?.format;
      const audioCodec = clips[0].audio?.codec;
      if (!c || !c.getSupportedVideoCodecs().includes(clips[0].video.codec!) || (audioCodec && !c.getSupportedAudioCodecs().includes(audioCodec))) verdict = { copy: false, reason: 'container' };
    }
    if (verdict.copy && copy) {
      const opened = await openTarget(diskFolder, copy.extension);
      try {
        const duration = await copyJoin(clips, copy, opened, onProgress);
        const first = clips[0];
        return {
          data: await opened.result(),
          mime: copy.mime,
          extension: copy.extension,
          duration,
          width: first.video.displayWidth,
          height: first.video.displayHeight,
          reencoded: null,
          codecs: [first.video.codec, first.audio?.codec].filter(Boolean).join(' + '),
        };
      } catch (error) {
        await opened.abort();
        throw error;
      }
    }
    const r = await reencodeJoin(clips, !diskFolder, diskFolder, onProgress);
    return { ...r, reencoded: verdict.copy ? 'container' : verdict.reason };
  } finally {
    for (const c of clips) c.input.dispose();
  }
}
