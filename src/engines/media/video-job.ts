import { Quality, type ConversionVideoOptions } from 'mediabunny';

/** What the video encoder is asked for, as plain data: it crosses to the segment workers. */
export interface VideoJob {
  codec: 'avc' | 'vp9' | 'av1';
  width: number;
  height: number;
  /** Undefined keeps the input's frame rate. */
  frameRate?: number;
  bitrate: number;
  hardwareAcceleration: 'prefer-hardware' | 'prefer-software';
}

/** The same encoder settings for the one-encoder path and for every segment of the parallel one. */
export function conversionVideoOptions(job: VideoJob): ConversionVideoOptions {
  return {
    codec: job.codec,
    width: job.width,
    height: job.height,
    fit: 'fill',
    frameRate: job.frameRate,
    quality: new Quality({ bitrate: job.bitrate }),
    hardwareAcceleration: job.hardwareAcceleration,
    forceTranscode: true,
  };
}
