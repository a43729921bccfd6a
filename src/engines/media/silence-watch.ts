import { ToolError } from '../../lib/errors';
import { shortenedLimit, silenceTimer } from '../../lib/silence-timer';
import { KEEP_ALIVE_MS } from './progress';
import type { JobProgress } from '../../runtime/jobs';

/**
 * How long a media worker job may go without a progress report before it is taken as hung. A conversion reports
 * at least every few seconds while it works (throttledProgress repeats a percent after KEEP_ALIVE_MS), so this long
 * a silence is a hang: in Firefox ESR a wasm encoder's own worker (mediabunny's MP3/AAC/FLAC encoders start one per
 * encoder, from inside the media worker) now and then never answers, and the job waited for it for good.
 */
export const SILENCE_MS = 30_000;

/** The shortest limit a page may set (`__localkitStallMs`, end-to-end tests): a job at an unchanged percent says so only every KEEP_ALIVE_MS. */
export const SILENCE_MS_MIN = KEEP_ALIVE_MS + 2_000;

/** SILENCE_MS, or the shorter limit the page was given (shortenedLimit). */
export const silenceLimit = (scope: object = globalThis): number => shortenedLimit(SILENCE_MS, SILENCE_MS_MIN, scope);

/** A media worker job the watchdog ended after SILENCE_MS without a report. */
export class WorkerStalled extends ToolError {
  constructor() {
    super('media:errors.workerStalled');
    this.name = 'WorkerStalled';
  }
}

export interface SilenceWatch {
  stallMs?: number;
  now?: () => number;
}

interface Job {
  signal: AbortSignal;
  onProgress: (progress: JobProgress) => void;
}

/**
 * Runs a worker call with a signal of its own and a progress port that counts as a sign of life. After `stallMs`
 * without one, the call's signal is aborted (the pool terminates that worker) and WorkerStalled is thrown; the
 * job's own cancel passes through as it is.
 */
export async function callWatched<T>(call: (signal: AbortSignal, report: (progress: JobProgress) => void) => Promise<T>, job: Job, watch: SilenceWatch = {}): Promise<T> {
  const controller = new AbortController();
  const cancel = () => controller.abort(job.signal.reason);
  if (job.signal.aborted) cancel();
  else job.signal.addEventListener('abort', cancel, { once: true });
  let stalled = false;
  const silence = silenceTimer(
    watch.stallMs ?? silenceLimit(),
    () => {
      stalled = true;
      controller.abort();
    },
    watch.now,
  );
  try {
    return await call(controller.signal, (progress) => {
      silence.alive();
      job.onProgress(progress);
    });
  } catch (error) {
    throw stalled && !job.signal.aborted ? new WorkerStalled() : error;
  } finally {
    silence.stop();
    job.signal.removeEventListener('abort', cancel);
  }
}

/**
 * callWatched, and once more in a fresh worker if the first one hung (the hang is a rare race, not the file's
 * fault); a second hang is the job's error, said in the row.
 */
export async function callWatchedWithRetry<T>(call: (signal: AbortSignal, report: (progress: JobProgress) => void) => Promise<T>, job: Job, watch: SilenceWatch = {}): Promise<T> {
  try {
    return await callWatched(call, job, watch);
  } catch (error) {
    if (!(error instanceof WorkerStalled)) throw error;
    console.warn(`A media worker job was silent for ${Math.round((watch.stallMs ?? silenceLimit()) / 1000)} s; its worker was stopped and the job runs again in a new one.`);
    return callWatched(call, job, watch);
  }
}
