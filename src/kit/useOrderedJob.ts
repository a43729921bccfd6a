import { useRef, useState } from 'react';
import type { OrderedItem } from './OrderedFileList';
import { useFileJobs } from './useFileJobs';
import type { JobContext, JobOutput } from '../runtime/jobs';

let nextId = 0;

export interface OrderedJobOptions<T, S> {
  outputName: string;
  mime: string;
  settings: S;
  run: (items: T[], settings: S, ctx: JobContext) => Promise<JobOutput>;
  fallbackErrorKey: string;
  onDispose?: () => void;
}

/**
 * Many files in, one file out (merge, images to PDF, audio merge): the page keeps an ordered list; "start" makes one
 * result row whose file is the list's files joined (so its size is the inputs' total) and runs `run` on a snapshot of
 * the list, so a retry runs the same list even if the page's list has changed since.
 */
export function useOrderedJob<T extends OrderedItem, S>({ outputName, mime, settings, run, fallbackErrorKey, onDispose }: OrderedJobOptions<T, S>) {
  const [items, setItems] = useState<T[]>([]);
  const snapshots = useRef(new WeakMap<File, T[]>());
  const jobs = useFileJobs<S>({
    settings,
    run: (file, s, ctx) => run(snapshots.current.get(file) ?? [], s, ctx),
    fallbackErrorKey,
    onDispose,
  });
  const add = (files: File[], make: (file: File, id: string) => T) => setItems((list) => [...list, ...files.map((f) => make(f, `f${++nextId}`))]);
  const start = () => {
    if (items.length === 0) return;
    const bundle = new File(
      items.map((i) => i.file),
      outputName,
      { type: mime },
    );
    snapshots.current.set(bundle, items.slice());
    jobs.addFiles([bundle]);
  };
  return { items, setItems, add, start, jobs };
}
