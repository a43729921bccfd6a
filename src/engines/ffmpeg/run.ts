import type { FFFSType, LogEvent, ProgressEvent } from '@ffmpeg/ffmpeg';
import type { JobContext } from '../../runtime/jobs';
import { ToolError } from '../../lib/errors';
import { abandonThreadedCore } from './engine';
import { ffmpegError } from './errors';
import { openFfmpeg } from './session';
import { execWatched, retryOnStall } from './stall';

export interface FfmpegJob {
  input: Blob;
  /** Extension of the input file name inside ffmpeg's FS, e.g. "avi". */
  inputExt: string;
  outputExt: string;
  /** ffmpeg arguments between `-i <input>` and the output name. */
  args: string[];
  mime: string;
  /** Seconds of output per second of input (a tempo change), so the progress bar ends at 100 %. */
  outputScale?: number;
  /** The progress bar's label (default: encoding). */
  stage?: string;
  /** Arguments before `-i` (an input seek: `-ss 5 -t 2`). */
  inputArgs?: string[];
  /** Seconds of output expected, for the progress bar when it is not the input's whole length. */
  outputSeconds?: number;
  /**
   * The input is read where ffmpeg needs it (WORKERFS) instead of copied whole into the engine's memory: for long
   * files, with the output encoded straight from the filters (no decoded copy anywhere).
   */
  mount?: boolean;
  /** Inputs after the first (`-i` in this order), read in place like it: only with `mount`. */
  moreInputs?: { blob: Blob; ext: string }[];
}

/** What ffmpeg said: its log lines (a measuring filter's summary, the input's streams). */
export interface FfmpegLog {
  lines: string[];
  duration?: number;
}

let nextJob = 0;

/** Seconds from ffmpeg's "Duration: 00:01:02.50" log line. */
export function parseDuration(line: string): number | undefined {
  const m = /Duration:\s*(\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(line);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : undefined;
}

export async function runFfmpeg(job: FfmpegJob, ctx: JobContext): Promise<{ blob: Blob; duration?: number; core: 'mt' | 'st'; lines: string[] }> {
  return retryOnStall(() => execJob(job, ctx, true));
}

/** Deletes files a job's command left in ffmpeg's FS on purpose (x264's stats, read by more than one pass). */
export async function deleteFfmpegFiles(names: string[], ctx: JobContext): Promise<void> {
  // A cancelled job released the engine and its FS with it; nothing to load again for.
  if (ctx.signal.aborted) return;
  const { getFfmpeg } = await import('./engine');
  const ffmpeg = await getFfmpeg();
  for (const name of names) await ffmpeg.deleteFile(name).catch(() => undefined);
}

/** Runs ffmpeg with no output file (`-f null`): what a measuring pass logs is the result. */
export async function runFfmpegLog(job: Omit<FfmpegJob, 'outputExt' | 'mime'>, ctx: JobContext): Promise<FfmpegLog> {
  return retryOnStall(() => execJob({ ...job, outputExt: '', mime: '' }, ctx, false));
}

async function execJob(job: FfmpegJob, ctx: JobContext, output: false): Promise<FfmpegLog>;
async function execJob(job: FfmpegJob, ctx: JobContext, output: true): Promise<{ blob: Blob; duration?: number; core: 'mt' | 'st'; lines: string[] }>;
/**
 * Runs one ffmpeg command on one file. The files it writes to ffmpeg's in-memory FS are deleted and its
 * listeners removed whatever happens; cancelling terminates the engine (the only way to stop wasm).
 */
async function execJob(job: FfmpegJob, ctx: JobContext, output: boolean): Promise<FfmpegLog | { blob: Blob; duration?: number; core: 'mt' | 'st'; lines: string[] }> {
  const id = ++nextJob;
  const dir = `/in-${id}`;
  const inName = job.mount ? `${dir}/in.${job.inputExt || 'bin'}` : `in-${id}.${job.inputExt || 'bin'}`;
  const more = (job.mount ? (job.moreInputs ?? []) : []).map((m, k) => ({ name: `in-${k + 1}.${m.ext || 'bin'}`, data: m.blob }));
  const outName = `out-${id}.${job.outputExt}`;
  const { ffmpeg, core, done } = await openFfmpeg(ctx);
  let duration: number | undefined;
  const lines: string[] = [];
  const onLog = ({ message }: LogEvent) => {
    duration ??= parseDuration(message);
    // Progress lines are many and say nothing a caller reads; of a damaged file's thousands of warnings the last are kept
    // (a measuring filter's summary comes last).
    if (message.startsWith('size=')) return;
    lines.push(message);
    if (lines.length > 4000) lines.splice(100, 1000);
  };
  const onProgress = ({ time }: ProgressEvent) => {
    // time is in microseconds of output written; the total comes from the input's Duration line.
    const total = job.outputSeconds ?? (duration && duration * (job.outputScale ?? 1));
    if (total && time > 0) ctx.onProgress({ kind: 'fraction', done: Math.min(100, (time / 1e6 / total) * 100), total: 100, unit: 'percent', stage: job.stage ?? 'media:stage.encoding' });
  };
  ffmpeg.on('log', onLog);
  ffmpeg.on('progress', onProgress);
  const written: string[] = [];
  let mounted = false;
  try {
    if (job.mount) {
      await ffmpeg.createDir(dir);
      await ffmpeg.mount('WORKERFS' as FFFSType, { blobs: [{ name: inName.slice(dir.length + 1), data: job.input }, ...more] }, dir);
      mounted = true;
    } else {
      await ffmpeg.writeFile(inName, new Uint8Array(await job.input.arrayBuffer()));
      written.push(inName);
    }
    ctx.onProgress({ kind: 'indeterminate', stage: job.stage ?? 'media:stage.encoding' });
    const code = await execWatched(ffmpeg, ['-hide_banner', ...(job.inputArgs ?? []), '-i', inName, ...more.flatMap((m) => ['-i', `${dir}/${m.name}`]), ...job.args, ...(output ? [outName] : ['-f', 'null', '-'])], { threaded: core === 'mt', abandon: abandonThreadedCore });
    if (!output) {
      if (code !== 0) throw new ToolError('media:errors.unreadable');
      return { lines, duration };
    }
    written.push(outName);
    if (code !== 0) throw new ToolError('media:errors.unreadable');
    const data = await ffmpeg.readFile(outName);
    if (typeof data === 'string' || data.byteLength === 0) throw new ToolError('media:errors.unreadable');
    return { blob: new Blob([data as Uint8Array<ArrayBuffer>], { type: job.mime }), duration, core, lines };
  } catch (error) {
    ctx.signal.throwIfAborted();
    throw ffmpegError(error);
  } finally {
    done();
    ffmpeg.off('log', onLog);
    ffmpeg.off('progress', onProgress);
    if (!ctx.signal.aborted) {
      for (const name of written) await ffmpeg.deleteFile(name).catch(() => undefined);
      if (mounted) await ffmpeg.unmount(dir).catch(() => undefined);
      if (job.mount) await ffmpeg.deleteDir(dir).catch(() => undefined);
    }
  }
}
