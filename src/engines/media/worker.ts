import * as Comlink from 'comlink';
import { compressVideo, convertAudio } from './convert';
import { measureAudio } from './measure';
import type { AudioSettings, VideoSettings } from './types';

// The media worker: one conversion at a time; the pool terminates it to cancel.
const api = {
  compressVideo: (file: File, settings: VideoSettings, onProgress: (percent: number) => void, diskFolder: string | null) => transfer(compressVideo(file, settings, onProgress, diskFolder)),
  convertAudio: (file: File, settings: AudioSettings, onProgress: (percent: number) => void) => transfer(convertAudio(file, settings, onProgress)),
  measureAudio: (blob: Blob) => measureAudio(blob),
};

async function transfer<T extends object>(work: Promise<T>): Promise<T> {
  const result = await work;
  return 'data' in result && result.data instanceof ArrayBuffer ? Comlink.transfer(result, [result.data]) : result;
}

export type MediaWorkerApi = typeof api;
Comlink.expose(api);
