import { useState } from 'react';
import { useFileJobs } from '../../../kit/useFileJobs';
import type { CodecJob } from '../../../engines/codecs/types';
import { codecRunner } from './runner';

/** The batch of an image tool: jobs over the shared codec pool, freed when the page goes. */
export function useImageJobs<S>(settings: S, toJob: (s: S) => CodecJob, fallbackKey: string, key?: (s: S) => string) {
  const [run] = useState(() => codecRunner(toJob, fallbackKey));
  return useFileJobs({
    run,
    settings,
    fallbackErrorKey: fallbackKey,
    // What the codec engine is asked for: a setting that does not change it does not make results stale.
    resultKey: key ?? ((s) => JSON.stringify(toJob(s))),
    onDispose: () => void import('../../../engines/codecs/client').then((m) => m.releaseCodecWorkers()),
  });
}
