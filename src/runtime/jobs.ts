// The shapes every file tool shares: what a job gets, what it reports, what it returns.

/** Only what is real: a fraction of something countable, or "working" with no finer knowledge. */
export type JobProgress =
  | { kind: 'indeterminate'; stage?: string }
  | {
      kind: 'fraction';
      done: number;
      total: number;
      unit: 'bytes' | 'frames' | 'files' | 'items' | 'stages' | 'percent';
      stage?: string;
      /**
       * When the counted work began (Date.now()), if later than the job's start: the time left is estimated from
       * the rate since then, so an engine's download and start are not taken for the speed of the work.
       */
      since?: number;
    };

export interface JobContext {
  signal: AbortSignal;
  onProgress: (progress: JobProgress) => void;
}

/** Facts about a file or a result that the result list can show. */
export interface FileFacts {
  width?: number;
  height?: number;
  /** Seconds. */
  duration?: number;
  /** e.g. "JPEG", "UTF-8 text". */
  format?: string;
  quality?: number;
  [key: string]: string | number | undefined;
}

export interface JobOutput {
  blob: Blob;
  name: string;
  facts?: FileFacts;
  /** Which engine made it, when a tool has more than one (e.g. 'webcodecs', 'ffmpeg'): the row shows it as data-engine. */
  engine?: string;
}

/** The pure logic of a file tool: one input file and the settings in, one output file out. */
export type JobRunner<S> = (file: File, settings: S, ctx: JobContext) => Promise<JobOutput>;

type RowStatus = 'ready' | 'queued' | 'working' | 'done' | 'error';

export interface FileRow {
  id: string;
  file: File;
  addedAt: number;
  status: RowStatus;
  progress?: JobProgress;
  startedAt?: number;
  finishedAt?: number;
  /** Handed over by another tool, a share or "Open with": the file exists nowhere else until its result is saved. */
  handed?: boolean;
  /** Set when the user cancelled the last run (the row is back to ready). */
  cancelled?: boolean;
  /** The tool's result key of the settings the last run started with (see JobQueueOptions.resultKey). */
  ranWith?: string;
  inputFacts?: FileFacts;
  result?: JobOutput & { size: number };
  error?: { key: string; params?: Record<string, string | number> };
}

/** The test contract: data-status is one of ready, working, done, error (queued shows as working). */
export function contractStatus(status: RowStatus): 'ready' | 'working' | 'done' | 'error' {
  return status === 'queued' ? 'working' : status;
}
