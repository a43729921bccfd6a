// Waveform peaks: the largest absolute sample (any channel) in each of `buckets` equal slices of a recording,
// computed a slice of the file at a time and handed on as each run of buckets completes, so a 2-hour file draws
// progressively. WAV is read as bytes (Blob slices); other formats are decoded by mediabunny (WebCodecs).
import { AudioSampleSink, type InputAudioTrack } from 'mediabunny';
import { openInput } from './audio-packet-trim';
import { canDecodeInRuns, peaksInRuns } from './parallel-peaks';
import { readWavLayout, type WavLayout } from './wav-trim';

/** `values[i]` is bucket `from + i`, each 0..1. */
export type PeaksChunk = (from: number, values: Float32Array) => void;

/** Collects peaks by frame index and emits the buckets that are complete, at most every `every` frames. */
export class PeakCollector {
  readonly peaks: Float32Array;
  private emitted = 0;
  private lastFrame = 0;
  constructor(
    buckets: number,
    private readonly totalFrames: number,
    private readonly onChunk: PeaksChunk,
  ) {
    this.peaks = new Float32Array(buckets);
  }

  private bucketOf(frame: number): number {
    return Math.min(this.peaks.length - 1, Math.floor((frame * this.peaks.length) / this.totalFrames));
  }

  /** Planar channels of `frames` frames starting at frame `first`. */
  add(first: number, channels: Float32Array[], frames: number): void {
    const peaks = this.peaks;
    let bucket = this.bucketOf(first);
    let next = Math.ceil(((bucket + 1) * this.totalFrames) / peaks.length) - first;
    let peak = peaks[bucket];
    for (let f = 0; f < frames; f++) {
      if (f >= next) {
        peaks[bucket] = peak;
        bucket = this.bucketOf(first + f);
        next = Math.ceil(((bucket + 1) * this.totalFrames) / peaks.length) - first;
        peak = peaks[bucket];
      }
      for (const c of channels) {
        const v = Math.abs(c[f]);
        if (v > peak) peak = v;
      }
    }
    peaks[bucket] = Math.min(1, peak);
    this.lastFrame = first + frames;
  }

  /** Hands on the buckets completed since the last flush (all of them when `end`): those before frame `upTo`. */
  flush(end = false, upTo = this.lastFrame): void {
    const done = end ? this.peaks.length : this.bucketOf(upTo);
    if (done > this.emitted) this.onChunk(this.emitted, this.peaks.slice(this.emitted, done));
    this.emitted = Math.max(this.emitted, done);
  }
}

/** One WAV slice's samples as planar floats in -1..1. */
export function wavSamples(bytes: Uint8Array, layout: Pick<WavLayout, 'format' | 'channels' | 'bitsPerSample' | 'blockAlign'>): Float32Array[] {
  const frames = Math.floor(bytes.byteLength / layout.blockAlign);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = layout.bitsPerSample / 8;
  const out = Array.from({ length: layout.channels }, () => new Float32Array(frames));
  for (let f = 0; f < frames; f++) {
    for (let c = 0; c < layout.channels; c++) {
      const at = f * layout.blockAlign + c * width;
      let v: number;
      if (layout.format === 3) v = width === 4 ? view.getFloat32(at, true) : view.getFloat64(at, true);
      else if (width === 1) v = (bytes[at] - 128) / 128;
      else if (width === 2) v = view.getInt16(at, true) / 32768;
      else if (width === 3) v = (((bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16)) << 8) >> 8) / 8388608;
      else v = view.getInt32(at, true) / 2147483648;
      out[c][f] = v;
    }
  }
  return out;
}

const SLICE = 1 << 20;

async function wavPeaks(file: Blob, layout: WavLayout, buckets: number, onChunk: PeaksChunk): Promise<void> {
  const total = layout.dataSize / layout.blockAlign;
  const collector = new PeakCollector(buckets, total, onChunk);
  const step = Math.max(1, Math.floor(SLICE / layout.blockAlign)) * layout.blockAlign;
  for (let at = 0, frame = 0; at < layout.dataSize; at += step) {
    const bytes = new Uint8Array(await file.slice(layout.dataOffset + at, layout.dataOffset + Math.min(layout.dataSize, at + step)).arrayBuffer());
    const channels = wavSamples(bytes, layout);
    collector.add(frame, channels, channels[0].length);
    frame += channels[0].length;
    collector.flush();
  }
  collector.flush(true);
}

/** mediabunny's AudioSampleSink: every browser and codec it decodes (and the reference bench/media/waveform.mjs checks against). */
export async function sinkPeaks(track: InputAudioTrack, collector: PeakCollector): Promise<void> {
  const rate = track.sampleRate;
  let planes: Float32Array[] = [];
  let decoded = 0;
  for await (const sample of new AudioSampleSink(track).samples()) {
    const frames = sample.numberOfFrames;
    if (planes.length !== sample.numberOfChannels || planes[0].length < frames) planes = Array.from({ length: sample.numberOfChannels }, () => new Float32Array(frames));
    planes.forEach((p, c) => sample.copyTo(p, { planeIndex: c, format: 'f32-planar' }));
    collector.add(Math.max(0, Math.round(sample.timestamp * rate)), planes, frames);
    sample.close();
    decoded += frames;
    if (decoded >= rate) {
      collector.flush();
      decoded = 0;
    }
  }
}

async function decodedPeaks(track: InputAudioTrack, duration: number, buckets: number, onChunk: PeaksChunk): Promise<void> {
  const frames = Math.max(1, Math.round(duration * track.sampleRate));
  const config = await canDecodeInRuns(track);
  if (config) {
    let drawn = false;
    const collector = new PeakCollector(buckets, frames, (from, values) => {
      drawn = true;
      onChunk(from, values);
    });
    try {
      await peaksInRuns(track, config, duration, collector);
      collector.flush(true);
      return;
    } catch (e) {
      // A decoder that took the config but not the packets: the sink's way, unless part is drawn already.
      if (drawn) throw e;
    }
  }
  const collector = new PeakCollector(buckets, frames, onChunk);
  await sinkPeaks(track, collector);
  collector.flush(true);
}

/** Peaks of an audio file in `buckets` slices; returns its length in seconds (0 when it cannot be read). */
export async function computePeaks(file: Blob, buckets: number, onChunk: PeaksChunk): Promise<number> {
  const head = new Uint8Array(await file.slice(0, 1 << 16).arrayBuffer());
  const layout = readWavLayout(head, file.size);
  if (layout?.dataSize) {
    await wavPeaks(file, layout, buckets, onChunk);
    return layout.dataSize / layout.blockAlign / layout.sampleRate;
  }
  const input = openInput(file);
  try {
    const track = await input.getPrimaryAudioTrack();
    if (!track || !(await track.canDecode())) return 0;
    const duration = await input.computeDuration();
    await decodedPeaks(track, duration, buckets, onChunk);
    return duration;
  } finally {
    input.dispose();
  }
}
