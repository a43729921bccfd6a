import * as Comlink from 'comlink';
import { compressVideo, convertAudio } from './convert';
import type { AudioSettings, VideoSettings } from './types';

// The media worker: one conversion at a time; the pool terminates it to cancel.
const api = {
  compressVideo: (file: File, settings: VideoSettings, onProgress: (percent: number) => void) => transfer(compressVideo(file, settings, onProgress)),
  convertAudio: (file: File, settings: AudioSettings, onProgress: (percent: number) => void) => transfer(convertAudio(file, settings, onProgress)),
};

async function transfer<T extends object>(work: Promise<T>): Promise<T> {
  const result = await work;
  return 'buffer' in result && result.buffer instanceof ArrayBuffer ? Comlink.transfer(result, [result.buffer]) : result;
}

export type MediaWorkerApi = typeof api;
Comlink.expose(api);
