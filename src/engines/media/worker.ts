import * as Comlink from 'comlink';
import { compressVideo, type VideoProgress } from './compress-video';
import { convertAudio } from './convert';
import { measureAudio } from './measure';
import { encodeSegment } from './segment-encode';
import type { AudioSettings, VideoSettings } from './types';

// The media worker: one conversion at a time; the pool terminates it to cancel. A parallel video encode starts
// copies of it for its segments (encodeSegment), so the segment encoders need no bundle of their own.
const api = {
  compressVideo: (file: File, settings: VideoSettings, onProgress: VideoProgress, diskFolder: string | null, maxEncoders?: number) =>
    transfer(compressVideo(file, settings, onProgress, diskFolder, undefined, maxEncoders)),
  convertAudio: (file: File, settings: AudioSettings, onProgress: (percent: number) => void) => asBlob(convertAudio(file, settings, onProgress)),
  measureAudio: (blob: Blob) => measureAudio(blob),
  encodeSegment,
};

async function transfer<T extends object>(work: Promise<T>): Promise<T> {
  const result = await work;
  return 'data' in result && result.data instanceof ArrayBuffer ? Comlink.transfer(result, [result.data]) : result;
}

/**
 * An audio output goes to the page as a Blob made here, so the page gets a handle instead of copying
 * tens of megabytes into a Blob on its main thread (issue 17).
 */
async function asBlob<T extends object>(work: Promise<T>): Promise<T> {
  const result = await work;
  return 'data' in result && result.data instanceof ArrayBuffer && 'mime' in result ? { ...result, data: new Blob([result.data], { type: String(result.mime) }) } : result;
}

export type MediaWorkerApi = typeof api;
Comlink.expose(api);
