// Video speed without re-encoding: the pictures' packets copied with their timestamps and durations divided by the
// factor (the frame rate changes, no picture is touched), and the sound, already time-stretched by ffmpeg.wasm with its
// pitch kept (tempo.ts), copied in beside them. Runs in the media worker (and in Node for the unit test).
// Past 2× the copy is kept too (a 30 fps video at 4× becomes 120 fps): dropping pictures would mean decoding and
// re-encoding every one (pictures lean on the ones before them), a generation of quality lost and minutes of encoding
// for a file no larger than its input; players and browsers play 120 fps. The copy is exact to the frame either way.
import { ALL_FORMATS, BlobSource, BufferTarget, EncodedAudioPacketSource, EncodedPacketSink, EncodedVideoPacketSource, Input, type InputAudioTrack, MkvOutputFormat, Output, type Target } from 'mediabunny';
import { ToolError } from '../../lib/errors';
import { openTarget } from './output-target';
import { soundPacketCopy } from './packet-copy';
import { scaleTime } from './tempo';
import { copyOutputOf } from './trim-video';

export interface VideoSpeedSettings {
  /** Playback speed factor, 0.25 to 4 (2 = twice as fast, half as long). */
  speed: number;
  removeAudio: boolean;
}

export interface VideoSpeedResult {
  mime: string;
  extension: string;
  duration: number;
  inputDuration: number;
  width?: number;
  height?: number;
  /** Frames per second of the output (the input's times the factor). */
  fps?: number;
  packets: number;
  audio: boolean;
}

/**
 * Retimes `file` by `s.speed`. `audio` is the sound already stretched to the new length (an M4A or WebM from ffmpeg),
 * or null for none. Throws ToolError with a media:/video-speed: key on what it cannot do.
 */
export async function speedVideo(
  file: Blob,
  s: VideoSpeedSettings,
  audio: Blob | null,
  target: () => Target,
  fastStart: boolean,
  onProgress: (fraction: number) => void = () => {},
  prepare?: (extension: string) => Promise<void>,
): Promise<VideoSpeedResult> {
  if (file.size === 0) throw new ToolError('media:errors.unreadable');
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  const sound = audio && !s.removeAudio ? new Input({ source: new BlobSource(audio), formats: ALL_FORMATS }) : null;
  try {
    const out = await copyOutputOf(input, fastStart, 'video-speed:errors.container');
    let inputDuration: number;
    let packetCount: number;
    let fps: number | undefined;
    const video = await input.getPrimaryVideoTrack().catch(() => null);
    if (!video) throw new ToolError('media:errors.noVideo');
    try {
      inputDuration = await input.computeDuration();
      const stats = await video.computePacketStats();
      packetCount = stats.packetCount;
      fps = stats.averagePacketRate || undefined;
    } catch {
      throw new ToolError('media:errors.decodeFailed');
    }
    if (!packetCount || !video.codec) throw new ToolError('media:errors.decodeFailed');
    if (!out.format.getSupportedVideoCodecs().includes(video.codec)) throw new ToolError('video-speed:errors.codec');
    let soundTrack: InputAudioTrack | null = null;
    if (sound) {
      soundTrack = await sound.getPrimaryAudioTrack().catch(() => null);
      if (!soundTrack?.codec || !out.format.getSupportedAudioCodecs().includes(soundTrack.codec)) throw new ToolError('media:errors.conversionFailed');
    }

    await prepare?.(out.extension);
    const output = new Output({ format: out.format, target: target() });
    const videoSource = new EncodedVideoPacketSource(video.codec);
    output.addVideoTrack(videoSource, { rotation: video.rotation });
    const audioSource = soundTrack ? new EncodedAudioPacketSource(soundTrack.codec!) : null;
    if (audioSource && soundTrack) output.addAudioTrack(audioSource, { languageCode: soundTrack.languageCode });
    await output.start();

    let written = 0;
    try {
      const config = await video.getDecoderConfig();
      const soundIter = audioSource && soundTrack ? soundPacketCopy(soundTrack, audioSource) : null;
      for await (const packet of new EncodedPacketSink(video).packets()) {
        const timestamp = scaleTime(packet.timestamp, s.speed);
        // The sound up to this picture first: the muxer never holds a long run of one track.
        if (soundIter) await soundIter.until(timestamp);
        await videoSource.add(packet.clone({ timestamp, duration: scaleTime(packet.duration, s.speed) }), written === 0 && config ? { decoderConfig: config } : undefined);
        written++;
        if (written % 30 === 0) onProgress(written / packetCount);
      }
      // A file cut short still lists every picture in its index, but only the ones before the cut can be read.
      if (written < packetCount) throw new ToolError('video-speed:errors.truncated', { found: written, expected: packetCount });
      if (soundIter) await soundIter.until(Infinity);
      await output.finalize();
    } catch (error) {
      await output.cancel().catch(() => {});
      if (error instanceof ToolError) throw error;
      console.error(error);
      throw new ToolError('media:errors.decodeFailed');
    }
    onProgress(1);
    return {
      mime: out.mime,
      extension: out.extension,
      duration: scaleTime(inputDuration, s.speed),
      inputDuration,
      width: video.displayWidth,
      height: video.displayHeight,
      ...(fps ? { fps: fps * s.speed } : {}),
      packets: written,
      audio: !!audioSource,
    };
  } finally {
    input.dispose();
    sound?.dispose();
  }
}

/**
 * The sound track alone, its packets copied into a Matroska file (it holds every codec mediabunny reads): what ffmpeg.wasm
 * stretches, instead of the whole video written into its memory. Null when there is none or it cannot be copied.
 */
export async function extractSound(file: Blob): Promise<Blob | null> {
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryAudioTrack();
    const format = new MkvOutputFormat();
    if (!track?.codec || !format.getSupportedAudioCodecs().includes(track.codec)) return null;
    const target = new BufferTarget();
    const output = new Output({ format, target });
    const source = new EncodedAudioPacketSource(track.codec);
    output.addAudioTrack(source);
    await output.start();
    const copy = soundPacketCopy(track, source);
    await copy.until(Infinity);
    await output.finalize();
    return target.buffer ? new Blob([target.buffer], { type: 'audio/x-matroska' }) : null;
  } catch {
    return null;
  } finally {
    input.dispose();
  }
}

/** The worker's side: the retimed file in OPFS (or memory), its bytes handed to the page. */
export async function speedVideoFile(file: Blob, s: VideoSpeedSettings, audio: Blob | null, diskFolder: string | null, onProgress: (fraction: number) => void): Promise<VideoSpeedResult & { data: ArrayBuffer | Blob }> {
  let opened: Awaited<ReturnType<typeof openTarget>> | undefined;
  const result = await speedVideo(
    file,
    s,
    audio,
    () => {
      if (!opened) throw new ToolError('media:errors.conversionFailed');
      return opened.target;
    },
    !diskFolder,
    onProgress,
    async (ext) => {
      opened = await openTarget(diskFolder, ext);
    },
  ).catch(async (error: unknown) => {
    await opened?.abort();
    throw error;
  });
  return { ...result, data: await opened!.result() };
}
