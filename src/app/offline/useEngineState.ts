import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../lib/errors';
import type { Engine } from './engines';
import { removeFiles, storeFiles, storedState } from './store';

export type EngineStatus = 'checking' | 'stored' | 'partial' | 'missing';

export interface EngineState {
  status: EngineStatus;
  /** Bytes on the device (by the build's file sizes). */
  stored: number;
  total: number;
  /** While downloading: bytes received so far in this download, and how many it needs. */
  progress?: { received: number; needed: number };
  failed: boolean;
  download: () => void;
  cancel: () => void;
  remove: () => void;
}

/** An engine's files in Cache Storage: what is there, a download with real byte progress, removal. */
export function useEngineState(engine: Engine): EngineState {
  const total = engine.files.reduce((s, f) => s + f.size, 0);
  const [stored, setStored] = useState<number | undefined>();
  const [progress, setProgress] = useState<EngineState['progress']>();
  const [failed, setFailed] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const refresh = useCallback(async () => setStored((await storedState(engine.files)).stored), [engine]);

  useEffect(() => {
    // The background codec download, or another tab, may change what is stored.
    const onChange = () => void storedState(engine.files).then((s) => setStored(s.stored));
    onChange();
    window.addEventListener('offline-codecs', onChange);
    window.addEventListener('focus', onChange);
    return () => {
      window.removeEventListener('offline-codecs', onChange);
      window.removeEventListener('focus', onChange);
      abort.current?.abort();
    };
  }, [engine]);

  const download = useCallback(() => {
    void (async () => {
      const controller = new AbortController();
      abort.current = controller;
      setFailed(false);
      const { missing } = await storedState(engine.files);
      const needed = missing.reduce((s, f) => s + f.size, 0);
      let received = 0;
      setProgress({ received, needed });
      try {
        await storeFiles(missing, (n) => {
          received += n;
          setProgress({ received, needed });
        }, controller.signal);
      } catch (error) {
        if (!isAbortError(error)) {
          console.warn('Engine download failed', error);
          setFailed(true);
        }
      } finally {
        abort.current = null;
        setProgress(undefined);
        await refresh();
      }
    })();
  }, [engine, refresh]);

  const remove = useCallback(() => {
    void removeFiles(engine.files).then(refresh);
  }, [engine, refresh]);

  const status: EngineStatus = stored === undefined ? 'checking' : stored >= total ? 'stored' : stored > 0 ? 'partial' : 'missing';
  return { status, stored: stored ?? 0, total, progress, failed, download, cancel: () => abort.current?.abort(), remove };
}
