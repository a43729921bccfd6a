import { useEffect, useState, useSyncExternalStore } from 'react';
import { wasDownloaded } from '../lib/download';
import { holdWork, workChanged } from './activity';
import type { FileRow, JobRunner } from '../runtime/jobs';
import { hasStaleResults, JobQueue } from './JobQueue';

export interface UseFileJobsOptions<S> {
  run: JobRunner<S>;
  settings: S;
  concurrency?: number;
  fallbackErrorKey?: string;
  /** A stable string of only the settings that change the output: with it, `stale` tells results made with other settings. */
  resultKey?: (settings: S) => string;
  /**
   * Start each file as soon as it is added (default). False: the page shows a start button. Files handed over
   * (send-to, a share, "Open with") always wait for Start: they arrive before the user could choose settings.
   */
  autoStart?: boolean;
  /** Called when the page unmounts, e.g. to terminate the tool's worker pool. */
  onDispose?: () => void;
}

/** Where files came from: `handed` for files another tool, a share or "Open with" left (see FileDrop). */
export interface FileOrigin {
  handed?: boolean;
}

/** What the result list and a page's controls need of a batch, whatever the tool's settings type. */
export interface FileJobs {
  rows: FileRow[];
  autoStart: boolean;
  /** Some result was made with other settings than the current ones and nothing is running (needs `resultKey`). */
  stale: boolean;
  addFiles: (files: File[], origin?: FileOrigin) => string[];
  start: () => void;
  rerunAll: () => void;
  cancel: (id: string) => void;
  cancelAll: () => void;
  retry: (id: string) => void;
  remove: (id: string) => void;
  clear: () => void;
}

/** The batch of a file tool for React: one JobQueue per page, its rows as state. */
export function useFileJobs<S>({ run, settings, concurrency, fallbackErrorKey, resultKey, autoStart = true, onDispose }: UseFileJobsOptions<S>): FileJobs & { queue: JobQueue<S> } {
  const [queue] = useState(() => new JobQueue<S>({ run, concurrency, fallbackErrorKey, resultKey }, settings));
  const rows = useSyncExternalStore(queue.subscribe, queue.getRows, queue.getRows);
  // From the settings of this render: the queue gets them only after it (in an effect).
  const stale = resultKey ? hasStaleResults(rows, resultKey(settings)) : false;

  useEffect(() => {
    queue.setSettings(settings);
  }, [queue, settings]);
  // Results not downloaded yet are work a reload or leaving the page would lose.
  useEffect(() => {
    // A handed-over file not made into a saved result yet exists nowhere else (the sender counted it as kept).
    const release = holdWork(() => queue.getRows().some((r) => (r.status === 'done' && r.result ? !wasDownloaded(r.result.blob) : !!r.handed)));
    const unsubscribe = queue.subscribe(workChanged);
    return () => {
      unsubscribe();
      release();
    };
  }, [queue]);
  useEffect(
    () => () => {
      queue.clear();
      onDispose?.();
    },
    // Runs once on unmount: the queue lives as long as the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queue],
  );

  return {
    queue,
    rows,
    autoStart,
    stale,
    addFiles: (files: File[], origin?: FileOrigin) => queue.add(files, { start: autoStart && !origin?.handed, handed: origin?.handed }),
    start: () => queue.start(),
    rerunAll: () => queue.rerunAll(),
    cancel: (id: string) => queue.cancel(id),
    cancelAll: () => queue.cancelAll(),
    retry: (id: string) => queue.retry(id),
    remove: (id: string) => queue.remove(id),
    clear: () => queue.clear(),
  };
}
