// 32-bit float WAV in and out: how decoded audio travels between ffmpeg.wasm and the loudness worker.
import { ToolError } from '../../lib/errors';

export interface Pcm {
  rate: number;
  /** Planar samples, one array per channel. */
  channels: Float32Array[];
}

export interface WavLayout {
  rate: number;
  channels: number;
  bits: number;
  /** Where the samples start, and how many whole frames there are. */
  offset: number;
  frames: number;
}

/**
 * The fmt and data chunks of a WAV (any others skipped). A data size ffmpeg could not patch (0, 0xFFFFFFFF) means "to
 * the end": of the file, `fileSize` bytes, when `buffer` holds only its head.
 */
export function wavLayout(buffer: ArrayBuffer, fileSize = buffer.byteLength): WavLayout {
  const view = new DataView(buffer);
  const tag = (at: number) => String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));
  if (buffer.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new ToolError('media:errors.decodeFailed');
  let at = 12;
  let rate = 0;
  let channels = 0;
  let bits = 0;
  while (at + 8 <= buffer.byteLength) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ' && body + 16 <= buffer.byteLength) {
      channels = view.getUint16(body + 2, true);
      rate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
    } else if (id === 'data') {
      if (!rate || !channels || !bits) break;
      const bytes = Math.min(size || Infinity, fileSize - body);
      // A header with no samples (a truncated file) decodes to nothing: said as such, not measured as silence.
      if (bytes < channels * (bits / 8)) throw new ToolError('media:errors.emptyOutput');
      return { rate, channels, bits, offset: body, frames: Math.floor(bytes / (bits / 8) / channels) };
    }
    at = body + size + (size & 1);
  }
  throw new ToolError('media:errors.decodeFailed');
}

/** Reads the float WAV ffmpeg writes (`-c:a pcm_f32le -f wav`) as planar channels. */
export function readFloatWav(buffer: ArrayBuffer): Pcm {
  const { rate, channels: count, bits, offset, frames } = wavLayout(buffer);
  if (bits !== 32) throw new ToolError('media:errors.decodeFailed');
  // ffmpeg's LIST chunk can leave the samples off a 4-byte boundary: then they are copied to one that is.
  const interleaved = offset % 4 ? new Float32Array(buffer.slice(offset, offset + frames * count * 4)) : new Float32Array(buffer, offset, frames * count);
  const channels = Array.from({ length: count }, () => new Float32Array(frames));
  for (let n = 0, i = 0; n < frames; n++) for (let c = 0; c < count; c++) channels[c][n] = interleaved[i++];
  return { rate, channels };
}

export type WavSampleFormat = 's16' | 's24' | 'f32';

/** The 44-byte header of a canonical WAV: 16/24-bit integer PCM or 32-bit float, `bytes` of samples. */
export function wavFileHeader(rate: number, channels: number, format: WavSampleFormat, bytes: number): ArrayBuffer {
  const width = format === 's16' ? 2 : format === 's24' ? 3 : 4;
  const header = new ArrayBuffer(44);
  const view = new DataView(header);
  const ascii = (at: number, s: string) => [...s].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + bytes + (bytes & 1), true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, format === 'f32' ? 3 : 1, true); // IEEE float or integer PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * channels * width, true);
  view.setUint16(32, channels * width, true);
  view.setUint16(34, width * 8, true);
  ascii(36, 'data');
  view.setUint32(40, bytes, true);
  return header;
}

export function writeFloatWav({ rate, channels }: Pcm): ArrayBuffer {
  const count = channels.length;
  const frames = channels[0]?.length ?? 0;
  const bytes = frames * count * 4;
  const buffer = new ArrayBuffer(44 + bytes);
  new Uint8Array(buffer).set(new Uint8Array(wavFileHeader(rate, count, 'f32', bytes)));
  const out = new Float32Array(buffer, 44, frames * count);
  for (let n = 0, i = 0; n < frames; n++) for (let c = 0; c < count; c++) out[i++] = channels[c][n];
  return buffer;
}
