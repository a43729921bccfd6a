import { useCallback, useState } from 'react';
import type { Region } from './pixelate';

interface History {
  past: Region[][];
  present: Region[];
  future: Region[][];
}

const EMPTY: History = { past: [], present: [], future: [] };

/** The edit's regions with undo and redo. Reset is an edit too (undo brings the regions back). */
export function useRegionHistory() {
  const [h, setH] = useState<History>(EMPTY);
  const commit = useCallback((next: (present: Region[]) => Region[]) => setH((s) => ({ past: [...s.past, s.present], present: next(s.present), future: [] })), []);
  return {
    regions: h.present,
    canUndo: h.past.length > 0,
    canRedo: h.future.length > 0,
    add: useCallback((region: Region) => commit((p) => [...p, region]), [commit]),
    reset: useCallback(() => commit(() => []), [commit]),
    undo: useCallback(() => setH((s) => (s.past.length ? { past: s.past.slice(0, -1), present: s.past[s.past.length - 1], future: [s.present, ...s.future] } : s)), []),
    redo: useCallback(() => setH((s) => (s.future.length ? { past: [...s.past, s.present], present: s.future[0], future: s.future.slice(1) } : s)), []),
    /** A new image: nothing to undo. */
    clear: useCallback(() => setH(EMPTY), []),
  };
}
