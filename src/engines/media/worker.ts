import * as Comlink from 'comlink';
import { compressVideo, convertAudio } from './convert';
import { measureAudio } from './measure';
import type { AudioSettings, VideoSettings } from './types';

// The media worker: one conversion at a time; the pool terminates it to cancel.
const api = {
  compressVideo: (file: File, settings: VideoSettings, onProgress: (percent: number) => void, diskFolder: string | null) => transfer(compressVideo(file, settings, onProgress, diskFolder)),
  convertAudio: (file: File, settings: AudioSettings, onProgress: (percent: number) => void) => asBlob(convertAudio(file, settings, onProgress)),
  measureAudio: (blob: Blob) => measureAudio(blob),
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
