// The output format of an audio edit (loudness, speed): the input's own where ffmpeg.wasm writes it, lossless FLAC for
// containers it does not (video files, WMA, AIFF...). Lossy formats are written at a high quality, as one generation more.
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
