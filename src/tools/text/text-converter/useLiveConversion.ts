import { useEffect, useRef, useState } from 'react';
import type { WorkerPool } from '../../../runtime/WorkerPool';
import { toErrorKey } from '../../../lib/errors';
import type { ConverterApi } from './convert.worker';
import { isChineseMode, type Mode } from './modes';

const FAILED = 'text-converter:errors.conversionFailed';

interface Done {
  text: string;
  mode: Mode;
  output: string;
  errorKey?: string;
}

interface LiveConversion {
  output: string;
  /** The output is for an older text or mode; a newer one is on its way. */
  busy: boolean;
  /** The worker is loading the mode's Chinese dictionary (first use). */
  loadingDictionary: boolean;
  errorKey?: string;
}

/**
 * Converts the typed text in the tool's worker pool: never on the main thread, one request in flight, and
 * only the latest text and mode are converted (keystrokes typed meanwhile are folded into one request).
 */
export function useLiveConversion(pool: WorkerPool<ConverterApi>, text: string, mode: Mode): LiveConversion {
  const [done, setDone] = useState<Done | null>(null);
  const [loadingMode, setLoadingMode] = useState<Mode | null>(null);
  const wanted = useRef({ text, mode });
  const running = useRef(false);

  useEffect(() => {
    wanted.current = { text, mode };
    if (running.current || text === '') return;
    running.current = true;
    void (async () => {
      let job = wanted.current;
      try {
        while (job.text !== '') {
          const asked = job;
          const result = await pool
            .call(async (api) => {
              if (isChineseMode(asked.mode) && !(await api.isReady(asked.mode))) setLoadingMode(asked.mode);
              return api.convertText(asked.text, asked.mode);
            })
            .then(
              (output) => ({ output }),
              (error: unknown) => ({ output: '', errorKey: toErrorKey(error, FAILED).key }),
            );
          setLoadingMode(null);
          setDone({ ...job, ...result });
          if (wanted.current === job) break;
          job = wanted.current;
        }
      } catch (error) {
        setLoadingMode(null);
        setDone({ ...job, output: '', errorKey: toErrorKey(error, FAILED).key });
      } finally {
        running.current = false;
      }
    })();
  }, [pool, text, mode]);

  if (text === '') return { output: '', busy: false, loadingDictionary: false };
  const current = done?.text === text && done.mode === mode;
  return {
    output: done?.output ?? '',
    busy: !current,
    loadingDictionary: !current && loadingMode === mode,
    errorKey: current ? done.errorKey : undefined,
  };
}
