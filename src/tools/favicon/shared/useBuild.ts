import { useCallback, useEffect, useRef, useState } from 'react';
import { beginActivity } from '../../../kit/activity';
import { isAbortError, toErrorKey, ToolError } from '../../../lib/errors';

export type BuildState<T> =
  | { status: 'idle' | 'cancelled'; value?: undefined }
  | { status: 'working'; value?: T }
  | { status: 'done'; value: T }
  | { status: 'error'; value?: undefined; error: { key: string; params?: Record<string, string | number> } };

/**
 * Runs one build at a time: a new run aborts the one before it (its worker is terminated) and the last
 * result stays on screen meanwhile. `dispose` frees a result once it is replaced or dropped (object URLs).
 */
export function useBuild<T>(dispose?: (value: T) => void) {
  const [state, setState] = useState<BuildState<T>>({ status: 'idle' });
  const current = useRef<AbortController | null>(null);
  const shown = useRef<T | undefined>(undefined);
  const disposeRef = useRef(dispose);

  const replace = useCallback((next: T | undefined) => {
    if (shown.current !== undefined && shown.current !== next) disposeRef.current?.(shown.current);
    shown.current = next;
  }, []);

  const run = useCallback(
    (task: (signal: AbortSignal) => Promise<T>) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const end = beginActivity();
      setState((s) => ({ status: 'working', value: s.value }));
      task(controller.signal)
        .then(
          (value) => {
            if (controller.signal.aborted) return disposeRef.current?.(value);
            replace(value);
            setState({ status: 'done', value });
          },
          (error: unknown) => {
            if (controller.signal.aborted || isAbortError(error)) return;
            if (!(error instanceof ToolError)) console.error(error); // a user's bad file is not a bug
            replace(undefined);
            setState({ status: 'error', error: toErrorKey(error, 'favicon:errors.generation') });
          },
        )
        .finally(end);
    },
    [replace],
  );

  const stop = useCallback(
    (status: 'idle' | 'cancelled') => {
      current.current?.abort();
      current.current = null;
      replace(undefined);
      setState({ status });
    },
    [replace],
  );

  useEffect(
    () => () => {
      current.current?.abort();
      replace(undefined);
    },
    [replace],
  );

  return { state, run, cancel: useCallback(() => stop('cancelled'), [stop]), reset: useCallback(() => stop('idle'), [stop]) };
}
