import { useEffect, useRef, useState } from 'react';
import type { JobContext } from '../../runtime/jobs';
import type { JobQueue } from '../JobQueue';
import { useFileJobs } from '../useFileJobs';
import type { MediaOutput } from '../../engines/media/client';

type Runner<S> = (file: File, settings: S, ctx: JobContext) => Promise<MediaOutput>;

/**
 * The batch of a media tool: jobs start on the start button, the input's facts (resolution, duration)
 * go to its row, and the selected row feeds the preview player.
 */
export function useMediaJobs<S>(runner: () => Promise<Runner<S>>, settings: S) {
  const queueRef = useRef<JobQueue<S> | null>(null);
  const [selectedId, setSelectedId] = useState<string>();
  const jobs = useFileJobs<S>({
    settings,
    resultKey: (s) => JSON.stringify(s),
    autoStart: false,
    concurrency: 1,
    fallbackErrorKey: 'media:errors.conversionFailed',
    run: async (file, s, ctx) => {
      const out = await (await runner())(file, s, ctx);
      const queue = queueRef.current;
      const row = queue?.getRows().find((r) => r.file === file);
      if (queue && row) {
        const { input } = out;
        queue.setInputFacts(row.id, {
          format: input.container,
          ...(input.video ? { width: input.video.width, height: input.video.height } : {}),
          ...(input.duration ? { duration: input.duration } : {}),
        });
      }
      return { blob: out.blob, name: out.name, facts: out.facts, engine: out.engine };
    },
    onDispose: () => void import('../../engines/media/client').then((m) => m.disposeMedia()),
  });
  useEffect(() => {
    queueRef.current = jobs.queue;
  }, [jobs.queue]);
  const done = jobs.rows.filter((r) => r.status === 'done');
  const selected = done.find((r) => r.id === selectedId) ?? done[0];
  return { jobs, selected, select: setSelectedId };
}
