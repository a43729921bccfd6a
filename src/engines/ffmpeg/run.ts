import type { LogEvent, ProgressEvent } from '@ffmpeg/ffmpeg';
import type { JobContext } from '../../runtime/jobs';
import { ToolError } from '../../lib/errors';
import { ffmpegError } from './errors';
import { openFfmpeg } from './session';

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
}

let nextJob = 0;

/** Seconds from ffmpeg's "Duration: 00:01:02.50" log line. */
export function parseDuration(line: string): number | undefined {
  const m = /Duration:\s*(\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(line);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : undefined;
}

/**
 * Runs one ffmpeg command on one file. The files it writes to ffmpeg's in-memory FS are deleted and its
 * listeners removed whatever happens; cancelling terminates the engine (the only way to stop wasm).
 */
export async function runFfmpeg(job: FfmpegJob, ctx: JobContext): Promise<{ blob: Blob; duration?: number; core: 'mt' | 'st' }> {
  const id = ++nextJob;
  const inName = `in-${id}.${job.inputExt || 'bin'}`;
  const outName = `out-${id}.${job.outputExt}`;
  const { ffmpeg, core, done } = await openFfmpeg(ctx);
  let duration: number | undefined;
  const onLog = ({ message }: LogEvent) => {
    duration ??= parseDuration(message);
  };
  const onProgress = ({ time }: ProgressEvent) => {
    // time is in microseconds of output written; the total comes from the input's Duration line.
    const total = job.outputSeconds ?? (duration && duration * (job.outputScale ?? 1));
    if (total && time > 0) ctx.onProgress({ kind: 'fraction', done: Math.min(100, (time / 1e6 / total) * 100), total: 100, unit: 'percent', stage: job.stage ?? 'media:stage.encoding' });
  };
  ffmpeg.on('log', onLog);
  ffmpeg.on('progress', onProgress);
  const written: string[] = [];
  try {
    await ffmpeg.writeFile(inName, new Uint8Array(await job.input.arrayBuffer()));
    written.push(inName);
    ctx.onProgress({ kind: 'indeterminate', stage: job.stage ?? 'media:stage.encoding' });
    const code = await ffmpeg.exec(['-hide_banner', ...(job.inputArgs ?? []), '-i', inName, ...job.args, outName]);
    written.push(outName);
    if (code !== 0) throw new ToolError('media:errors.unreadable');
    const data = await ffmpeg.readFile(outName);
    if (typeof data === 'string' || data.byteLength === 0) throw new ToolError('media:errors.unreadable');
    return { blob: new Blob([data as Uint8Array<ArrayBuffer>], { type: job.mime }), duration, core };
  } catch (error) {
    ctx.signal.throwIfAborted();
    throw ffmpegError(error);
  } finally {
    done();
    ffmpeg.off('log', onLog);
    ffmpeg.off('progress', onProgress);
    if (!ctx.signal.aborted) {
      for (const name of written) await ffmpeg.deleteFile(name).catch(() => undefined);
    }
  }
}
