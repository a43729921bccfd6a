import { isAbortError, toErrorKey, ToolError } from '../lib/errors';
import { beginActivity } from './activity';
import type { FileRow, JobRunner } from '../runtime/jobs';

export interface JobQueueOptions<S> {
  run: JobRunner<S>;
  /** Jobs at once; defaults to the number of cores. */
  concurrency?: number;
  /** Translation key for a failure that carries no key of its own, e.g. "errors.conversionFailed". */
  fallbackErrorKey?: string;
  /**
   * A stable string of only the settings that change the output. Each row records the key it ran with, so
   * results made with other settings than the current ones can be told (hasStaleResults).
   */
  resultKey?: (settings: S) => string;
}

/** Finished results made with another settings key than `currentKey`, and nothing running that would replace them. */
export function hasStaleResults(rows: FileRow[], currentKey: string): boolean {
  if (rows.some((r) => r.status === 'working' || r.status === 'queued')) return false;
  return rows.some((r) => r.status === 'done' && r.ranWith !== currentKey);
}

let nextId = 0;

/** Settles as soon as the signal aborts, so a cancelled row is free at once even if the work lingers. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The batch of files a tool works on: adds, runs (at most `concurrency` at once), cancels, retries, removes.
 * No React here: useFileJobs subscribes to it. A failed file gets its error in its own row; the rest go on.
 */
export class JobQueue<S> {
  private rows: FileRow[] = [];
  private listeners = new Set<() => void>();
  private controllers = new Map<string, AbortController>();
  private settings: S;
  private readonly concurrency: number;

  constructor(
    private readonly options: JobQueueOptions<S>,
    initialSettings: S,
  ) {
    this.settings = initialSettings;
    const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 2;
    this.concurrency = Math.max(1, options.concurrency ?? cores ?? 2);
  }

  setSettings(settings: S): void {
    this.settings = settings;
  }

  getRows = (): FileRow[] => this.rows;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  add(files: File[], options: { start?: boolean; handed?: boolean } = {}): string[] {
    const added: FileRow[] = files.map((file) => ({ id: `job-${++nextId}`, file, addedAt: Date.now(), status: 'ready', ...(options.handed ? { handed: true } : {}) }));
    this.rows = [...this.rows, ...added];
    this.emit();
    if (options.start) this.start(added.map((r) => r.id));
    return added.map((r) => r.id);
  }

  /** Queues the given rows (default: every ready row) and fills the free slots. */
  start(ids?: string[]): void {
    const wanted = ids ? new Set(ids) : null;
    const picked = (r: FileRow) => (wanted ? wanted.has(r.id) : r.status === 'ready');
    // A row that is running is stopped and queued again (its late outcome is ignored).
    this.rows.filter((r) => picked(r) && r.status === 'working').forEach((r) => this.controllers.get(r.id)?.abort());
    this.update((r) => (picked(r) ? { ...r, status: 'queued', cancelled: false, error: undefined, progress: undefined } : r));
    this.pump();
  }

  /** Runs every row again with the current settings (after a settings change). */
  rerunAll(): void {
    this.start(this.rows.map((r) => r.id));
  }

  retry(id: string): void {
    this.start([id]);
  }

  cancel(id: string): void {
    const row = this.rows.find((r) => r.id === id);
    if (!row) return;
    if (row.status === 'queued') this.update((r) => (r.id === id ? { ...r, status: 'ready', cancelled: true } : r));
    this.controllers.get(id)?.abort();
  }

  cancelAll(): void {
    this.rows.filter((r) => r.status === 'queued' || r.status === 'working').forEach((r) => this.cancel(r.id));
  }

  remove(id: string): void {
    this.controllers.get(id)?.abort();
    this.rows = this.rows.filter((r) => r.id !== id);
    this.emit();
  }

  clear(): void {
    this.controllers.forEach((c) => c.abort());
    this.rows = [];
    this.emit();
  }

  /** Marks a row that has not run as failed: the tool found its input unreadable before any job (e.g. while previewing it). A retry runs it. */
  fail(id: string, error: NonNullable<FileRow['error']>): void {
    this.update((r) => (r.id === id && r.status === 'ready' ? { ...r, status: 'error', finishedAt: Date.now(), error } : r));
  }

  /** Records facts about an input (dimensions, duration…) found before or while processing. */
  setInputFacts(id: string, facts: FileRow['inputFacts']): void {
    this.update((r) => (r.id === id ? { ...r, inputFacts: { ...r.inputFacts, ...facts } } : r));
  }

  private pump(): void {
    const running = this.rows.filter((r) => r.status === 'working').length;
    const next = this.rows.filter((r) => r.status === 'queued').slice(0, Math.max(0, this.concurrency - running));
    next.forEach((row) => void this.execute(row.id));
  }

  private async execute(id: string): Promise<void> {
    const row = this.rows.find((r) => r.id === id);
    if (!row) return;
    const controller = new AbortController();
    this.controllers.set(id, controller);
    const endActivity = beginActivity();
    const settings = this.settings;
    const ranWith = this.options.resultKey?.(settings);
    this.update((r) => (r.id === id ? { ...r, status: 'working', startedAt: Date.now(), finishedAt: undefined, result: undefined, ranWith } : r));
    // Only this run may write to the row: a rerun replaces the controller, and a late outcome is ignored.
    const mine = (r: FileRow) => r.id === id && this.controllers.get(id) === controller;
    try {
      if (row.file.size === 0) throw new ToolError('errors.emptyFile');
      const output = await raceAbort(
        this.options.run(row.file, settings, {
          signal: controller.signal,
          onProgress: (progress) => {
            if (!controller.signal.aborted) this.update((r) => (mine(r) ? { ...r, progress } : r));
          },
        }),
        controller.signal,
      );
      controller.signal.throwIfAborted();
      this.update((r) => (mine(r) && r.status === 'working' ? { ...r, status: 'done', finishedAt: Date.now(), progress: undefined, result: { ...output, size: output.blob.size } } : r));
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) {
        // A cancelled row goes back to ready (unless a rerun already queued it again).
        this.update((r) => (mine(r) && r.status === 'working' ? { ...r, status: 'ready', cancelled: true, progress: undefined } : r));
      } else {
        if (!(error instanceof ToolError)) console.error(`Job failed for ${row.file.name}`, error);
        const err = toErrorKey(error, this.options.fallbackErrorKey);
        this.update((r) => (mine(r) && r.status === 'working' ? { ...r, status: 'error', finishedAt: Date.now(), progress: undefined, error: err } : r));
      }
    } finally {
      if (this.controllers.get(id) === controller) this.controllers.delete(id);
      endActivity();
      this.pump();
    }
  }

  private update(fn: (row: FileRow) => FileRow): void {
    this.rows = this.rows.map(fn);
    this.emit();
  }

  private emit(): void {
    this.listeners.forEach((l) => l());
  }
}
