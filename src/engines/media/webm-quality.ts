// WebM at a quality level (issue 26), in the media worker: the browser's WebM encoder (AV1, else VP9, as the planner
// picks for the smallest file) is searched on its bit rate over the frames sampled across the video (quality-search's
// windows), each probe scored against the source with ffmpeg's SSIM (ssim.ts, on frames WebCodecs decodes: ffmpeg.wasm
// has no AV1 decoder); the whole video is then encoded at the lowest rate that reached the level, and the file made is
// scored on the same frames for the row. Cancel terminates this worker and the segment encoders (client.ts).
import { BlobSource, BufferSource, BufferTarget, Input, Output, ALL_FORMATS, Quality, VideoSampleSink, VideoSampleSource, WebMOutputFormat, type InputVideoTrack, type VideoSample } from 'mediabunny';
import type { JobProgress } from '../../runtime/jobs';
import { ToolError } from '../../lib/errors';
import { cappedFps, fitResolution, videoBitrates } from './bitrate';
import { browserCapabilities, videoAcceleration } from './capabilities';
import { compressVideo, type VideoRunOptions } from './compress-video';
import { probeMedia, type ConvertResult } from './convert';
import { planJob } from './planner';
import { CRF_MAX, sampleWindows, SSIM_TARGET, SSIM_TOLERANCE, workPlan, type Probe } from './quality-search';
import { frameSsim } from './ssim';
import type { VideoSettings } from './types';
import { atEncoderFloor, chosenKnob, correctedKnob, encoderFloor, KNOB_START, knobFloor, nextKnob, rateAt, type SizedProbe } from './webm-quality-search';
import { dropOutputFile } from './output-store';
import { yuvPlanesOf } from './yuv';

const MAX_PROBES = 5;
const MAX_CORRECTIONS = 3;

type Window = { start: number; length: number };

export interface WebmQuality extends ConvertResult {
  /** What the search aimed at and found: the row says when the level was not reached. */
  quality: { target: number; reached: boolean; bitrate: number; probes: { bitrate: number; ssim: number }[]; floor?: number };
}

/**
 * SSIM of `encoded` against the source's pictures from `start` to `end`, frame for frame; the sum and the count, so
 * windows add up. Pictures are paired by order from the source's first picture in the range: `encodedAt` maps that
 * picture's time to the encoded track's clock, and the encoded iterator starts a quarter frame after it, because WebM
 * keeps times in whole milliseconds (a picture at 2.000 s in the source may sit at 1.999 s in the output, and a
 * search by time alone would pair every picture of the window with its neighbour). `onFrame` counts the frames scored.
 */
async function scoreRange(source: InputVideoTrack, encoded: InputVideoTrack, start: number, end: number, encodedAt: (sourceTime: number) => number, onFrame: () => void): Promise<{ sum: number; frames: number }> {
  const a = new VideoSampleSink(source).samples(start, end)[Symbol.asyncIterator]();
  let b: AsyncIterator<VideoSample> | undefined;
  let sum = 0;
  let frames = 0;
  try {
    for (;;) {
      const x = await a.next();
      if (x.done) break;
      if (!b) {
        const from = encodedAt(x.value.timestamp) + (x.value.duration || 1 / 30) / 4;
        b = new VideoSampleSink(encoded).samples(from)[Symbol.asyncIterator]();
      }
      const y = await b.next();
      if (y.done) {
        x.value.close();
        break;
      }
      try {
        const [p, q] = await Promise.all([yuvPlanesOf(x.value), yuvPlanesOf(y.value)]);
        if (!p || !q || p.width !== q.width || p.height !== q.height) throw new ToolError('media:errors.decodeFailed');
        sum += frameSsim(q, p);
        frames++;
        onFrame();
      } finally {
        x.value.close();
        y.value.close();
      }
    }
  } finally {
    await a.return?.();
    await b?.return?.();
  }
  return { sum, frames };
}

/** The windows encoded on their own at `bitrate` (each a WebM in memory, its first picture at 0). */
async function encodeWindow(track: InputVideoTrack, w: Window, codec: 'vp9' | 'av1', bitrate: number, hardwareAcceleration: 'prefer-hardware' | 'prefer-software', onFrame: () => void): Promise<ArrayBuffer> {
  const target = new BufferTarget();
  const output = new Output({ format: new WebMOutputFormat(), target });
  // As the whole encode asks for it (conversionVideoOptions and mediabunny's Conversion: a key frame every 5 s).
  const source = new VideoSampleSource({ codec, bitrate: new Quality({ bitrate }), keyFrameInterval: 5, hardwareAcceleration });
  output.addVideoTrack(source);
  await output.start();
  let first: number | undefined;
  for await (const sample of new VideoSampleSink(track).samples(w.start, w.start + w.length)) {
    try {
      first ??= sample.timestamp;
      sample.setTimestamp(sample.timestamp - first);
      await source.add(sample);
      onFrame();
    } finally {
      sample.close();
    }
  }
  source.close();
  await output.finalize();
  if (!target.buffer) throw new ToolError('media:errors.cannotEncode');
  return target.buffer;
}

/** SSIM over all the windows' frames: each window's encode against the source's same frames. */
async function probeAt(track: InputVideoTrack, windows: Window[], codec: 'vp9' | 'av1', bitrate: number, accel: 'prefer-hardware' | 'prefer-software', onFrame: () => void): Promise<{ ssim: number; bytes: number }> {
  let sum = 0;
  let frames = 0;
  let total = 0;
  for (const w of windows) {
    const bytes = await encodeWindow(track, w, codec, bitrate, accel, onFrame);
    total += bytes.byteLength;
    const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
    try {
      const encoded = await input.getPrimaryVideoTrack();
      if (!encoded) throw new ToolError('media:errors.cannotEncode');
      // The window's encode starts at 0 with the source's first picture in the window.
      const r = await scoreRange(track, encoded, w.start, w.start + w.length, () => 0, onFrame);
      sum += r.sum;
      frames += r.frames;
    } finally {
      input.dispose();
    }
  }
  if (!frames) throw new ToolError('media:errors.decodeFailed');
  return { ssim: sum / frames, bytes: total };
}

/** The file made, scored on the sampled windows against the source: the SSIM the row shows. */
async function checked(track: InputVideoTrack, data: ArrayBuffer | Blob, windows: Window[], sampleFrames: number, onProgress: (p: JobProgress) => void): Promise<number> {
  let count = 0;
  const out = new Input({ source: data instanceof Blob ? new BlobSource(data) : new BufferSource(data), formats: ALL_FORMATS });
  try {
    const made = await out.getPrimaryVideoTrack();
    if (!made) throw new ToolError('media:errors.cannotEncode');
    const shift = (await made.getFirstTimestamp()) - (await track.getFirstTimestamp());
    let sum = 0;
    let frames = 0;
    for (const w of windows) {
      const r = await scoreRange(track, made, w.start, w.start + w.length, (t) => t + shift, () => onProgress({ kind: 'fraction', done: ++count, total: Math.round(sampleFrames), unit: 'frames', stage: 'media:stage.checkingQuality' }));
      sum += r.sum;
      frames += r.frames;
    }
    if (!frames) throw new ToolError('media:errors.decodeFailed');
    return sum / frames;
  } finally {
    out.dispose();
  }
}

/**
 * WebM at the level's SSIM; null where this path cannot run (no WebCodecs VP9/AV1 encoder, an input the browser
 * cannot decode, a resolution or frame-rate cap: the scores compare pictures of the source's size and rate), and the
 * fast path does the work.
 */
export async function compressWebmToQuality(file: File, s: VideoSettings, onProgress: (p: JobProgress) => void, options: VideoRunOptions = {}): Promise<WebmQuality | null> {
  const { probe, input } = await probeMedia(file);
  try {
    const v = probe.video;
    const duration = probe.duration ?? 0;
    if (!input || !v || !(duration > 0)) return null;
    const size = fitResolution(v.width, v.height, s.maxHeight);
    if (size.width !== v.width || size.height !== v.height || cappedFps(v.fps, s.maxFps) !== undefined) return null;
    const hasAudio = !!probe.audio;
    const rates = videoBitrates(s, { ...size, fps: v.fps ?? 30, duration, size: file.size, hasAudio });
    const plan = await planJob(probe, { kind: 'video', container: 'webm', keepAudio: s.keepAudio, ...size, videoBitrate: rates.video, audioBitrate: rates.audio || 128_000, smallest: true }, options.check ?? browserCapabilities);
    if (plan.engine !== 'webcodecs' || !plan.video || plan.video.codec === 'avc') return null;
    const codec = plan.video.codec;
    const track = (await input.getPrimaryVideoTrack())!;
    const accel = await videoAcceleration(codec, size.width, size.height, rates.video);

    // The level's bits per pixel is where the search starts, never above the input's own video bit rate.
    const audioRate = s.keepAudio && hasAudio ? rates.audio : 0;
    const levelRate = rates.video;
    const floor = knobFloor(levelRate, (file.size * 8) / duration - audioRate);
    const windows = sampleWindows(duration);
    const fps = v.fps && v.fps < 240 ? v.fps : 30;
    const sampleFrames = windows.reduce((n, w) => n + w.length, 0) * fps;
    const work = workPlan(duration * fps, sampleFrames, 3);
    const target = SSIM_TARGET[s.quality];
    const since = Date.now();
    let done = 0;
    // A probe: the samples encoded (1 a frame) and decoded twice to score (0.3 a frame, as workPlan weighs them).
    const step = (weight: number) => () => {
      done += weight;
      onProgress({ kind: 'fraction', done: Math.min(99, Math.round((done / (work.probe * 3)) * 100)), total: 100, unit: 'percent', stage: 'media:stage.searchingQuality', since });
    };
    const probes: SizedProbe[] = [];
    const searching = () => probes.length < MAX_PROBES && !atEncoderFloor(probes, target, SSIM_TOLERANCE);
    for (let knob: number | undefined = Math.max(KNOB_START, floor); knob !== undefined && searching(); knob = nextKnob(probes, target, floor)) {
      const { ssim, bytes } = await probeAt(track, windows, codec, rateAt(knob, levelRate), accel, step(1));
      console.info(`WebM quality search: ${codec} at ${rateAt(knob, levelRate)} bit/s → SSIM ${ssim.toFixed(4)}, ${bytes} bytes (target ${target})`);
      probes.push({ crf: knob, ssim, bytes });
    }
    // At the encoder's floor the lowest rate the search may ask: its file is the same or a little smaller (Firefox's
    // AV1, 480×270 pan: the windows took 36,500 bytes at 153 and 86 kbit/s; the whole file 96,760 bytes at 38 kbit/s,
    // 104,341 at 86), and the probes between are skipped.
    const floorMet = atEncoderFloor(probes, target, SSIM_TOLERANCE);
    const chosen = floorMet ? { knob: CRF_MAX } : chosenKnob(probes, target, SSIM_TOLERANCE);

    // The whole video at the chosen rate, then checked on the same frames; where the file made misses the level by
    // more than the tolerance (sampled windows score a little under the whole encode), up to three more encodes move
    // the rate, and the best file is kept: the smallest that reached the level, else the closest.
    const encodeAt = async (knob: number) => {
      const result = await compressVideo(file, s, (percent, frames) => onProgress(frames ? { kind: 'fraction', ...frames, unit: 'frames', stage: 'media:stage.encoding' } : { kind: 'fraction', done: percent, total: 100, unit: 'percent', stage: 'media:stage.encoding' }), { ...options, videoBitrate: rateAt(knob, levelRate) });
      if (!('data' in result)) return null;
      return { knob, result, ssim: await checked(track, result.data, windows, sampleFrames, onProgress) };
    };
    let best = await encodeAt(chosen.knob);
    if (!best) return null;
    const whole: Probe[] = [{ crf: best.knob, ssim: best.ssim }];
    const reached = (ssim: number) => ssim >= target - SSIM_TOLERANCE;
    // At the encoder's floor no rate makes a file nearer the level from above: no encode again to come down to it.
    const missed = (ssim: number) => Math.abs(ssim - target) > SSIM_TOLERANCE && !(floorMet && ssim > target);
    for (let i = 0; i < MAX_CORRECTIONS && missed(whole.at(-1)!.ssim); i++) {
      const knob = correctedKnob(probes, whole, target, floor, SSIM_TOLERANCE);
      if (knob === undefined) break;
      const again = await encodeAt(knob);
      if (!again) break;
      console.info(`WebM quality check: ${rateAt(best.knob, levelRate)} bit/s made ${best.ssim.toFixed(4)}; again at ${rateAt(knob, levelRate)} bit/s: ${again.ssim.toFixed(4)}`);
      whole.push({ crf: knob, ssim: again.ssim });
      const size = (r: typeof again) => (r.result.data instanceof Blob ? r.result.data.size : r.result.data.byteLength);
      const better = reached(again.ssim) === reached(best.ssim) ? (reached(again.ssim) ? size(again) < size(best) : again.ssim > best.ssim) : reached(again.ssim);
      const dropped = better ? best : again;
      if (better) best = again;
      if (dropped.result.data instanceof File && options.diskFolder) await dropOutputFile(options.diskFolder, dropped.result.data);
    }
    const facts = { ...best.result.facts, ssim: best.ssim.toFixed(3) };
    const bitrate = rateAt(best.knob, levelRate);
    const bytes = best.result.data instanceof Blob ? best.result.data.size : best.result.data.byteLength;
    const encoderRate = encoderFloor({ bytes, duration, audioRate }, bitrate, best.ssim, target, SSIM_TOLERANCE);
    return { ...best.result, facts, quality: { target, reached: reached(best.ssim), bitrate, probes: probes.map((p) => ({ bitrate: rateAt(p.crf, levelRate), ssim: p.ssim })), ...(encoderRate ? { floor: encoderRate } : {}) } };
  } finally {
    input?.dispose();
  }
}
