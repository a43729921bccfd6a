// The output format of an audio edit (loudness, speed, merge): the input's own where ffmpeg.wasm writes it, lossless
// FLAC for containers it does not (video files, WMA, AIFF...). Lossy formats are written at a high quality, as one
// generation more; a WAV keeps its sample format (24-bit stays 24-bit, float stays float).
import { readWavLayout } from './wav-trim';

export interface SameFormat {
  ext: string;
  mime: string;
  /** ffmpeg arguments between the input and the output name. */
  args: string[];
  /** What the row shows. */
  label: string;
}

const FORMATS: Record<string, SameFormat> = {
  wav: { ext: 'wav', mime: 'audio/wav', args: ['-c:a', 'pcm_s16le'], label: 'WAV · PCM 16-bit' },
  flac: { ext: 'flac', mime: 'audio/flac', args: ['-c:a', 'flac'], label: 'FLAC' },
  mp3: { ext: 'mp3', mime: 'audio/mpeg', args: ['-c:a', 'libmp3lame', '-q:a', '2'], label: 'MP3 · VBR q2' },
  ogg: { ext: 'ogg', mime: 'audio/ogg', args: ['-c:a', 'libvorbis', '-q:a', '6'], label: 'Ogg Vorbis · q6' },
  opus: { ext: 'opus', mime: 'audio/ogg', args: ['-c:a', 'opus', '-strict', '-2', '-b:a', '160000', '-ar', '48000'], label: 'Opus · 160 kbps' },
  m4a: { ext: 'm4a', mime: 'audio/mp4', args: ['-c:a', 'aac', '-b:a', '192000'], label: 'M4A · AAC 192 kbps' },
};

const ALIASES: Record<string, string> = { oga: 'ogg', aac: 'm4a', mp4: 'm4a', m4v: 'm4a', mov: 'm4a' };

export function sameFormat(inputExt: string): SameFormat {
  const ext = inputExt.toLowerCase();
  return FORMATS[ALIASES[ext] ?? ext] ?? FORMATS.flac;
}

/** Decoding to 32-bit float WAV, the input's rate and channels kept: what the edits work on. */
export const FLOAT_WAV_ARGS = ['-vn', '-c:a', 'pcm_f32le', '-f', 'wav'];

/** A WAV's sample format as ffmpeg writes it: PCM 8/16/24/32-bit or float 32/64-bit. */
export function wavFormat(layout: { format: 1 | 3; bitsPerSample: number }): SameFormat {
  const { format, bitsPerSample: bits } = layout;
  const codec = format === 3 ? (bits === 64 ? 'pcm_f64le' : 'pcm_f32le') : bits === 8 ? 'pcm_u8' : bits === 24 ? 'pcm_s24le' : bits === 32 ? 'pcm_s32le' : 'pcm_s16le';
  const label = format === 3 ? `WAV · float ${bits === 64 ? 64 : 32}-bit` : `WAV · PCM ${[8, 24, 32].includes(bits) ? bits : 16}-bit`;
  return { ext: 'wav', mime: 'audio/wav', args: ['-c:a', codec], label };
}

/** A WAV file's layout from its first bytes (null when it is not a PCM or float WAV). */
export async function wavLayoutOf(file: Blob) {
  return readWavLayout(new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer()), file.size);
}

/** `sameFormat`, and for a WAV input its own sample format. */
export async function sameFormatOf(file: Blob, inputExt: string): Promise<SameFormat> {
  const format = sameFormat(inputExt);
  if (format.ext !== 'wav') return format;
  const layout = await wavLayoutOf(file);
  return layout ? wavFormat(layout) : format;
}

/** The WAV output of several inputs (a merge): the deepest sample format among the WAV inputs, else 16-bit PCM. */
export async function widestWavFormat(files: Blob[]): Promise<SameFormat> {
  let best: { format: 1 | 3; bitsPerSample: number } | null = null;
  const rank = (l: { format: 1 | 3; bitsPerSample: number }) => (l.format === 3 ? 100 : 0) + l.bitsPerSample;
  for (const file of files) {
    const layout = await wavLayoutOf(file);
    if (layout && (!best || rank(layout) > rank(best))) best = layout;
  }
  return best ? wavFormat(best) : FORMATS.wav;
}
