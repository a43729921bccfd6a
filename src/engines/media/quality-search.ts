// The quality-first video path's arithmetic (issue 26): which SSIM each level aims at, where the sample windows
// sit, the next CRF to try, and whether a result is worth keeping. Pure: quality-encode.ts drives ffmpeg with it.
import type { QualityLevel } from './types';

/** SSIM (ffmpeg's ssim filter, "All": luma and both chroma planes) each level aims at, judged on sampled frames. */
export const SSIM_TARGET: Record<QualityLevel, number> = { high: 0.98, medium: 0.97, low: 0.95 };
/** A probe this close to the target ends the search. */
export const SSIM_TOLERANCE = 0.003;
/** x264's CRF scale, limited to what a compressor should ever ask. */
export const CRF_MIN = 12;
export const CRF_MAX = 40;
/** A result must be at least this much smaller than the input, or the input is kept (as the image compressor does). */
export const KEEP_RATIO = 0.95;
/** The preset: bench/media/x264-quality.mjs has 'faster' at 0.9-1.0× the bytes of native veryfast at equal SSIM. */
export const X264_PRESET = 'faster';
/**
 * x264 threads in the threaded core: more than 4 crash it ("function signature mismatch" in a pthread, see
 * DEPENDENCY-NOTES.md); the single-thread core ignores the option.
 */
export const X264_THREADS = 4;

/** Sample windows (start, length in seconds) spread across the video: the whole of a short one. */
export function sampleWindows(duration: number, count = 3, length = 1): { start: number; length: number }[] {
  if (!(duration > 0) || duration <= count * length * 1.5) return [{ start: 0, length: duration > 0 ? duration : 0 }];
  // Centred in equal parts of the video, so the first and last seconds (titles, black) weigh no more than the rest.
  return Array.from({ length: count }, (_, i) => ({ start: Math.max(0, ((i + 0.5) * duration) / count - length / 2), length }));
}

/**
 * Seconds per sample window for x264's search: half a second up to a 16 s video, a second from 32 s, in between
 * the length over 16. On a short video the search's probes would otherwise encode more frames than the file itself
 * (3 × 1 s of 8 s, two to four times over); bench/media/README.md measured 0.5 s windows as close to the whole
 * file's SSIM as 1 s ones on the pan, screen and dark clips, at about half the CPU time a probe.
 */
export function windowLength(duration: number): number {
  return Math.min(1, Math.max(0.5, duration / 32));
}

/** "SSIM Y:0.98 U:0.99 V:0.99 All:0.985 (18.2)" → 0.985; undefined when the line has none. */
export function parseSsim(line: string): number | undefined {
  const m = /SSIM .*All:([0-9.]+)/.exec(line);
  return m ? Number(m[1]) : undefined;
}

/** ffmpeg's stats line "frame=  123 fps= 41 q=28.0 size=…" → 123; undefined for any other line. */
export function parseFrame(line: string): number | undefined {
  const m = /^frame=\s*(\d+)\s/.exec(line.trim() + ' ');
  return m ? Number(m[1]) : undefined;
}

/**
 * The frames the encode will write: the input's frame count as its index states it (else its length × frame rate),
 * fewer under a frame-rate cap below the input's rate.
 */
export function outputFrames(indexed: number | null, duration: number, fps: number, maxFps: number): number {
  const frames = indexed && indexed > 0 ? indexed : Math.round(duration * fps);
  return maxFps && fps > maxFps + 0.01 ? Math.round((frames * maxFps) / fps) : frames;
}

export interface Probe {
  crf: number;
  ssim: number;
}

/**
 * The next CRF to try, or undefined when a probe is close enough. SSIM falls as CRF rises: between a probe above
 * the target and one below, the secant; from one side only, a step from the slope seen on camera-like clips
 * (about 0.004 SSIM a CRF step), at least 2 and at most 8 steps.
 */
export function nextCrf(probes: Probe[], target: number): number | undefined {
  if (probes.some((p) => Math.abs(p.ssim - target) <= SSIM_TOLERANCE)) return undefined;
  const above = probes.filter((p) => p.ssim > target).sort((a, b) => b.crf - a.crf)[0];
  const below = probes.filter((p) => p.ssim < target).sort((a, b) => a.crf - b.crf)[0];
  let crf: number;
  if (above && below) {
    if (below.crf - above.crf <= 0.5) return undefined;
    crf = above.crf + ((above.ssim - target) / (above.ssim - below.ssim)) * (below.crf - above.crf);
  } else {
    const p = (above ?? below)!;
    const step = Math.min(8, Math.max(2, Math.abs(p.ssim - target) / 0.004));
    crf = p.ssim > target ? p.crf + step : p.crf - step;
  }
  crf = Math.round(Math.min(CRF_MAX, Math.max(CRF_MIN, crf)) * 2) / 2;
  return probes.some((p) => p.crf === crf) ? undefined : crf;
}

/** The CRF to encode with: the highest probed that reached the target, else the lowest probed. */
export function chosenCrf(probes: Probe[], target: number): number {
  const good = probes.filter((p) => p.ssim >= target - SSIM_TOLERANCE).sort((a, b) => b.crf - a.crf);
  return good[0]?.crf ?? Math.min(...probes.map((p) => p.crf));
}

/** Work units of the job, so progress and the time left count probes and checks as well as the encode. */
export function workPlan(frames: number, sampleFrames: number, probes: number): { probe: number; encode: number; check: number; total: number } {
  // A probe encodes the samples and decodes them again for SSIM; the check decodes the samples of both files.
  const probe = sampleFrames * 1.3;
  const check = sampleFrames * 0.3;
  return { probe, encode: frames, check, total: probe * probes + frames + check };
}

/** x264 caps: never above the input's own video bit rate (a lean input stays lean), with a buffer of two seconds. */
export function rateCap(inputVideoBitrate: number | undefined): string[] {
  if (!inputVideoBitrate || !(inputVideoBitrate > 0)) return [];
  const rate = Math.round(inputVideoBitrate);
  return ['-maxrate', String(rate), '-bufsize', String(rate * 2)];
}

export interface StreamInfo {
  duration?: number;
  width?: number;
  height?: number;
  fps?: number;
  /** The video stream's bit rate in bit/s, where the container says. */
  videoBitrate?: number;
  audioCodec?: string;
}

/**
 * ffmpeg said it cannot read the input as any format (whatever its extension says). Judged on that explicit line, not
 * on the absence of "Input #0": a log cut short must not turn a good file into an error.
 */
export function inputRejected(lines: string[]): boolean {
  return lines.some((l) => /: Invalid data found when processing input$/.test(l.trim()));
}

/**
 * The input ends before its index says it does (a download or copy cut short): ffmpeg reads what is there and says
 * "partial file". The row says so rather than offering a shorter video as done.
 */
export function inputTruncated(lines: string[]): boolean {
  return lines.some((l) => /: partial file$/.test(l.trim()));
}

/** What ffmpeg's log of `-i <file>` says of the input (Duration line, first Video and Audio stream lines). */
export function parseStreamInfo(lines: string[]): StreamInfo {
  const info: StreamInfo = {};
  for (const line of lines) {
    const d = /Duration:\s*(\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(line);
    if (d && info.duration === undefined) info.duration = Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]);
    if (/Stream #.*: Video:/.test(line) && info.width === undefined) {
      const size = /, (\d{2,5})x(\d{2,5})[ ,[]/.exec(line);
      if (size) [info.width, info.height] = [Number(size[1]), Number(size[2])];
      const fps = /, ([\d.]+) fps/.exec(line) ?? /, ([\d.]+) tbr/.exec(line);
      if (fps) info.fps = Number(fps[1]);
      const rate = /, (\d+) kb\/s/.exec(line);
      if (rate) info.videoBitrate = Number(rate[1]) * 1000;
    }
    const a = /Stream #.*: Audio: (\w+)/.exec(line);
    if (a && info.audioCodec === undefined) info.audioCodec = a[1];
  }
  return info;
}
