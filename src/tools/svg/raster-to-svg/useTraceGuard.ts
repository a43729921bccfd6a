import type { FileOrigin } from '../../../kit/useFileJobs';
import { useCallback, useState } from 'react';
import type { WorkerPool } from '../../../runtime/WorkerPool';
import { downscaleTarget, estimateTrace, needsGuard, type TraceEstimate } from './estimate';
import type { TraceSettings } from './trace';
import type { TraceApi } from './trace.worker';

/** A file held back before tracing: what it would cost, and the downscale offered instead. */
export interface HeldFile {
  file: File;
  width: number;
  height: number;
  mode: 'bw' | 'color';
  complexity: number;
  estimate: TraceEstimate;
  target: { width: number; height: number };
  targetEstimate: TraceEstimate;
}

/**
 * Before tracing, each file's cost is estimated from its own pixels; one that would be slow or write a huge SVG
 * is held back until the user picks: downscale, trace at full size, or cancel. Others go straight on.
 */
export function useTraceGuard(pool: WorkerPool<TraceApi>, mode: TraceSettings['mode'], addFiles: (files: File[], origin?: FileOrigin) => unknown) {
  const [held, setHeld] = useState<HeldFile[]>([]);

  const onFiles = useCallback(
    (files: File[], origin?: FileOrigin) => {
      void (async () => {
        const checks = await Promise.all(files.map((f) => pool.call((api) => api.inspect(f, mode)).catch(() => undefined)));
        const go: File[] = [];
        const hold: HeldFile[] = [];
        files.forEach((file, i) => {
          const c = checks[i];
          // A file that cannot be inspected goes on: the job shows its error in its row.
          if (!c || !needsGuard(c.estimate)) return void go.push(file);
          const target = downscaleTarget(c.width, c.height, c.estimate);
          hold.push({ file, ...c, target, targetEstimate: estimateTrace(target.width * target.height, c.complexity, c.mode) });
        });
        if (go.length) addFiles(go, origin);
        if (hold.length) setHeld((h) => [...h, ...hold]);
      })();
    },
    [pool, mode, addFiles],
  );

  const release = (item: HeldFile) => setHeld((h) => h.filter((x) => x !== item));
  const full = (item: HeldFile) => {
    release(item);
    addFiles([item.file]);
  };
  const downscale = async (item: HeldFile) => {
    release(item);
    const blob = await pool.call((api) => api.downscale(item.file, item.target.width, item.target.height));
    addFiles([new File([blob], item.file.name, { type: 'image/png' })]);
  };
  return { held, onFiles, full, downscale: (item: HeldFile) => void downscale(item), cancel: release };
}
