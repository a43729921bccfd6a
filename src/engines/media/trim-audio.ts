// Audio trim in the media worker: WAV losslessly (wav-trim.ts); other formats are refused with a clear message
// until their re-encoding path exists.
import { ToolError } from '../../lib/errors';
import { keptRanges } from '../../lib/time-ranges';
import { readWavLayout, trimWav, type AudioTrimSettings } from './wav-trim';

export interface AudioTrimResult {
  data: Blob;
  mime: string;
  extension: string;
  duration: number;
  inputDuration: number;
  format: string;
}

export async function trimAudioFile(file: Blob, s: AudioTrimSettings): Promise<AudioTrimResult> {
  if (file.size === 0) throw new ToolError('media:errors.unreadable');
  const head = new Uint8Array(await file.slice(0, 1 << 16).arrayBuffer());
  const layout = readWavLayout(head, file.size);
  if (!layout) {
    const riff = head.length >= 12 && String.fromCharCode(...head.subarray(0, 4)) === 'RIFF';
    throw new ToolError(riff ? 'media:errors.decodeFailed' : 'audio-trim:errors.format');
  }
  const inputDuration = layout.dataSize / layout.blockAlign / layout.sampleRate;
  if (!layout.dataSize) throw new ToolError('media:errors.decodeFailed');
  const kept = keptRanges(s.ranges, s.mode, inputDuration);
  if (!kept.length) throw new ToolError('audio-trim:errors.nothingKept');
  const r = await trimWav(file, layout, kept, s.fadeIn, s.fadeOut).catch(() => {
    throw new ToolError('audio-trim:errors.nothingKept');
  });
  const label = `WAV · ${layout.format === 3 ? 'float' : 'PCM'} ${layout.bitsPerSample}-bit · ${layout.sampleRate / 1000} kHz`;
  return { data: r.blob, mime: 'audio/wav', extension: 'wav', duration: r.duration, inputDuration, format: label };
}
