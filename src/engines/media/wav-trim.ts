// Lossless WAV trim: the kept sample frames' bytes sliced out of the file (Blob slices, so a 2-hour recording is
// never read whole), with linear fades written into the first and last frames only. Pure logic on bytes.
import type { TimeRange } from '../../lib/time-ranges';

export interface WavLayout {
  /** 1 integer PCM, 3 IEEE float (WAVE_FORMAT_EXTENSIBLE read through to its sub-format). */
  format: 1 | 3;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  blockAlign: number;
  /** The fmt chunk as it is in the source (copied to the output). */
  fmt: Uint8Array;
  dataOffset: number;
  dataSize: number;
}

export class WavError extends Error {}

const text = (b: Uint8Array, at: number) => String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]);

/** Reads a WAV file's layout from its first bytes (the chunks before "data"); null when it is not a PCM WAV. */
export function readWavLayout(head: Uint8Array, fileSize: number): WavLayout | null {
  if (head.length < 12 || text(head, 0) !== 'RIFF' || text(head, 8) !== 'WAVE') return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let at = 12;
  let fmt: Uint8Array | undefined;
  while (at + 8 <= head.length) {
    const id = text(head, at);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ') {
      if (at + 8 + size > head.length || size < 16) return null;
      fmt = head.slice(at + 8, at + 8 + size);
    } else if (id === 'data') {
      if (!fmt) return null;
      const f = new DataView(fmt.buffer);
      let tag = f.getUint16(0, true);
      // WAVE_FORMAT_EXTENSIBLE: the sub-format GUID's first two bytes are the real tag.
      if (tag === 0xfffe && fmt.length >= 26) tag = f.getUint16(24, true);
      if (tag !== 1 && tag !== 3) return null;
      const channels = f.getUint16(2, true);
      const bitsPerSample = f.getUint16(14, true);
      const blockAlign = f.getUint16(12, true);
      if (!channels || !blockAlign || blockAlign !== channels * (bitsPerSample / 8)) return null;
      const dataOffset = at + 8;
      // A recorder stopped mid-write leaves a size larger than the file (or 0 / 0xFFFFFFFF): what is there counts.
      const available = fileSize - dataOffset;
      const declared = size === 0 || size === 0xffffffff ? available : size;
      const dataSize = Math.floor(Math.min(declared, available) / blockAlign) * blockAlign;
      return { format: tag as 1 | 3, channels, sampleRate: f.getUint32(4, true), bitsPerSample, blockAlign, fmt, dataOffset, dataSize };
    }
    at += 8 + size + (size & 1);
  }
  return null;
}

/** The kept ranges as sample frame ranges [start, end), rounded to the nearest frame. */
export function frameRanges(ranges: readonly TimeRange[], sampleRate: number, frames: number): { start: number; end: number }[] {
  return ranges
    .map((r) => ({ start: Math.min(frames, Math.round(r.start * sampleRate)), end: Math.min(frames, Math.round(r.end * sampleRate)) }))
    .filter((r) => r.end > r.start);
}

/** A WAV header (RIFF, the source's fmt chunk, data) for `dataSize` bytes of samples. */
export function wavHeader(fmt: Uint8Array, dataSize: number): Uint8Array {
  const fmtPadded = fmt.length + (fmt.length & 1);
  const out = new Uint8Array(12 + 8 + fmtPadded + 8);
  const v = new DataView(out.buffer);
  const put = (at: number, s: string) => [...s].forEach((c, i) => (out[at + i] = c.charCodeAt(0)));
  put(0, 'RIFF');
  v.setUint32(4, 4 + 8 + fmtPadded + 8 + dataSize + (dataSize & 1), true);
  put(8, 'WAVE');
  put(12, 'fmt ');
  v.setUint32(16, fmt.length, true);
  out.set(fmt, 20);
  put(20 + fmtPadded, 'data');
  v.setUint32(24 + fmtPadded, dataSize, true);
  return out;
}

/**
 * Multiplies the frames in `bytes` (whole frames, the `first`-th of a fade of `length` frames onward) by a linear
 * gain: rising from 0 (fade in) or falling to 0 (fade out). Integer PCM is rounded; 8-bit is unsigned around 128.
 */
export function applyFade(bytes: Uint8Array, layout: Pick<WavLayout, 'format' | 'channels' | 'bitsPerSample' | 'blockAlign'>, first: number, length: number, direction: 'in' | 'out'): void {
  // Fade in: gain k/length (0 on the first frame); fade out: (length - 1 - k)/length (0 after the last frame).
  applyGain(bytes, layout, (f) => (direction === 'in' ? (first + f) / length : (length - 1 - first - f) / length));
}

/** Multiplies each frame `f` of `bytes` (whole frames) by `gainOf(f)`, as applyFade does. */
export function applyGain(bytes: Uint8Array, layout: Pick<WavLayout, 'format' | 'channels' | 'bitsPerSample' | 'blockAlign'>, gainOf: (frame: number) => number): void {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = layout.bitsPerSample / 8;
  const frames = bytes.byteLength / layout.blockAlign;
  for (let f = 0; f < frames; f++) {
    const gain = gainOf(f);
    for (let c = 0; c < layout.channels; c++) {
      const at = f * layout.blockAlign + c * width;
      if (layout.format === 3) {
        if (width === 4) v.setFloat32(at, v.getFloat32(at, true) * gain, true);
        else v.setFloat64(at, v.getFloat64(at, true) * gain, true);
      } else if (width === 1) v.setUint8(at, Math.round((v.getUint8(at) - 128) * gain) + 128);
      else if (width === 2) v.setInt16(at, Math.round(v.getInt16(at, true) * gain), true);
      else if (width === 3) {
        const s = ((bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16)) << 8) >> 8;
        const o = Math.round(s * gain);
        bytes[at] = o & 0xff;
        bytes[at + 1] = (o >> 8) & 0xff;
        bytes[at + 2] = (o >> 16) & 0xff;
      } else v.setInt32(at, Math.round(v.getInt32(at, true) * gain), true);
    }
  }
}

/** The samples of `bytes` (whole frames, interleaved) as numbers in the file's own scale (8-bit around 0). */
export function readSamples(bytes: Uint8Array, layout: Pick<WavLayout, 'format' | 'bitsPerSample'>): Float32Array {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = layout.bitsPerSample / 8;
  return Float32Array.from({ length: bytes.byteLength / width }, (_, i) => {
    const at = i * width;
    if (layout.format === 3) return width === 4 ? v.getFloat32(at, true) : v.getFloat64(at, true);
    if (width === 1) return v.getUint8(at) - 128;
    if (width === 2) return v.getInt16(at, true);
    if (width === 3) return ((bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16)) << 8) >> 8;
    return v.getInt32(at, true);
  });
}

export interface WavTrimResult {
  blob: Blob;
  frames: number;
  duration: number;
}

/**
 * Trims a WAV file to the kept ranges, joined in order, with fades (seconds) at the start and end of the result.
 * Everything outside the fades is the source's bytes, sliced, never decoded.
 */
export async function trimWav(file: Blob, layout: WavLayout, kept: readonly TimeRange[], fadeIn: number, fadeOut: number): Promise<WavTrimResult> {
  const total = layout.dataSize / layout.blockAlign;
  const pieces = frameRanges(kept, layout.sampleRate, total);
  const frames = pieces.reduce((n, p) => n + p.end - p.start, 0);
  if (!frames) throw new WavError('nothing kept');
  const inFrames = Math.min(frames, Math.round(fadeIn * layout.sampleRate));
  const outFrames = Math.min(frames, Math.round(fadeOut * layout.sampleRate));
  const parts: BlobPart[] = [wavHeader(layout.fmt, frames * layout.blockAlign) as Uint8Array<ArrayBuffer>];
  let at = 0;
  const byteOf = (frame: number) => layout.dataOffset + frame * layout.blockAlign;
  for (const p of pieces) {
    // This piece's output frames [at, at + n); the fades touch [0, inFrames) and [frames - outFrames, frames).
    const n = p.end - p.start;
    const cuts = [0, n, Math.max(0, Math.min(n, inFrames - at)), Math.max(0, Math.min(n, frames - outFrames - at))];
    const marks = [...new Set(cuts)].sort((a, b) => a - b);
    for (let i = 0; i + 1 < marks.length; i++) {
      const [a, b] = [marks[i], marks[i + 1]];
      const slice = file.slice(byteOf(p.start + a), byteOf(p.start + b));
      const outA = at + a;
      const fadingIn = outA < inFrames;
      const fadingOut = outA >= frames - outFrames;
      if (!fadingIn && !fadingOut) {
        parts.push(slice);
        continue;
      }
      const bytes = new Uint8Array(await slice.arrayBuffer());
      if (fadingIn) applyFade(bytes, layout, outA, inFrames, 'in');
      if (fadingOut) applyFade(bytes, layout, outA - (frames - outFrames), outFrames, 'out');
      parts.push(bytes);
    }
    at += n;
  }
  if ((frames * layout.blockAlign) & 1) parts.push(new Uint8Array(1));
  return { blob: new Blob(parts, { type: 'audio/wav' }), frames, duration: frames / layout.sampleRate };
}

export interface AudioTrimSettings {
  ranges: TimeRange[];
  mode: 'keep' | 'remove';
  /** Seconds. */
  fadeIn: number;
  fadeOut: number;
}
