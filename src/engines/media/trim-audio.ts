// Audio trim in the media worker. WAV: sample frames sliced (wav-trim.ts). MP3, AAC (M4A/ADTS), Ogg, WebM: whole
// packets copied (audio-packet-trim.ts). FLAC, fades on a lossy format, and what mediabunny cannot copy: a plan
// for ffmpeg.wasm to re-encode (FLAC losslessly, sample-exact; lossy formats in their own codec).
import type { Input } from 'mediabunny';
import { ToolError } from '../../lib/errors';
import { extensionOf } from '../../lib/download';
import { keptRanges, type TimeRange } from '../../lib/time-ranges';
import { readWavLayout, trimWav, type AudioTrimSettings } from './wav-trim';
import { openInput, packetOutputFor, trimAudioPackets } from './audio-packet-trim';
import type { ReencodeTrimPlan } from './audio-trim-args';

export interface AudioTrimResult {
  kind: 'done';
  data: Blob;
  mime: string;
  extension: string;
  duration: number;
  inputDuration: number;
  format: string;
  /** Packet copy: where the cuts really fell. */
  cuts?: TimeRange[];
}

export interface AudioTrimReencode extends ReencodeTrimPlan {
  kind: 'reencode';
  /** flac: lossless FLAC re-encode; same: the source's own format (fades on a lossy format). */
  output: 'flac' | 'same';
  inputDuration: number;
}

const FLAC_MAGIC = 'fLaC';

export async function trimAudioFile(file: File | Blob, s: AudioTrimSettings, onProgress?: (fraction: number) => void): Promise<AudioTrimResult | AudioTrimReencode> {
  if (file.size === 0) throw new ToolError('media:errors.unreadable');
  const head = new Uint8Array(await file.slice(0, 1 << 16).arrayBuffer());
  const riff = head.length >= 12 && String.fromCharCode(...head.subarray(0, 4)) === 'RIFF';
  if (riff) return trimWavFile(file, head, s);
  const input = openInput(file);
  try {
    return await trimCompressed(input, file, s, String.fromCharCode(...head.subarray(0, 4)) === FLAC_MAGIC, onProgress);
  } finally {
    input.dispose();
  }
}

async function trimWavFile(file: Blob, head: Uint8Array, s: AudioTrimSettings): Promise<AudioTrimResult> {
  const layout = readWavLayout(head, file.size);
  if (!layout || !layout.dataSize) throw new ToolError('media:errors.decodeFailed');
  const inputDuration = layout.dataSize / layout.blockAlign / layout.sampleRate;
  const kept = keptRanges(s.ranges, s.mode, inputDuration);
  if (!kept.length) throw new ToolError('audio-trim:errors.nothingKept');
  const r = await trimWav(file, layout, kept, s.fadeIn, s.fadeOut).catch(() => {
    throw new ToolError('audio-trim:errors.nothingKept');
  });
  const label = `WAV · ${layout.format === 3 ? 'float' : 'PCM'} ${layout.bitsPerSample}-bit · ${layout.sampleRate / 1000} kHz`;
  return { kind: 'done', data: r.blob, mime: 'audio/wav', extension: 'wav', duration: r.duration, inputDuration, format: label };
}

async function trimCompressed(input: Input, file: File | Blob, s: AudioTrimSettings, flac: boolean, onProgress?: (fraction: number) => void): Promise<AudioTrimResult | AudioTrimReencode> {
  let track;
  let inputDuration: number;
  let format;
  try {
    format = await input.getFormat();
    track = await input.getPrimaryAudioTrack();
    inputDuration = await input.computeDuration();
  } catch {
    // Not a container mediabunny reads (AIFF, WMA, AVI, or not audio at all): the message names the ones it does.
    throw new ToolError(flac ? 'media:errors.decodeFailed' : 'audio-trim:errors.format');
  }
  if (!track) throw new ToolError('audio-trim:errors.format');
  const kept = keptRanges(s.ranges, s.mode, inputDuration);
  if (!kept.length) throw new ToolError('audio-trim:errors.nothingKept');
  const plan = { kept, sampleRate: track.sampleRate, fadeIn: s.fadeIn, fadeOut: s.fadeOut, inputDuration };
  const out = flac ? null : packetOutputFor(format, extensionOf((file as File).name ?? ''));
  if (!out) return { kind: 'reencode', output: 'flac', ...plan };
  if (s.fadeIn > 0 || s.fadeOut > 0) return { kind: 'reencode', output: 'same', ...plan };
  try {
    const r = await trimAudioPackets(input, track, out, kept, onProgress);
    const label = `${out.extension.toUpperCase()} · ${track.codec?.toUpperCase()} · ${r.packets} packets copied`;
    return { kind: 'done', data: r.data, mime: r.mime, extension: r.extension, duration: r.duration, inputDuration, format: label, cuts: r.cuts };
  } catch (error) {
    if (error instanceof ToolError) throw error;
    console.error(error);
    return { kind: 'reencode', output: 'same', ...plan };
  }
}
