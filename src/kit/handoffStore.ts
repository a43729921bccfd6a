// Files handed from one place of the app to a tool without a download: a result sent to another tool, files
// shared to the installed app or opened with it. The receiving tool's drop zone takes them when it mounts.
import { useContext, useEffect, useState } from 'react';
import { holdWork } from './activity';
import { HandoffTargets, type TargetsFor } from './handoff';

/** A hand-off not taken within this time (the user stayed on the page instead) is dropped. */
const TTL_MS = 5 * 60_000;

let pending: { files: File[]; path: string; at: number; release: () => void } | null = null;
/** The path the last hand-off went to, until the updater has seen the navigation there. */
let arrival: string | null = null;

/**
 * Leaves files for the tool at `path`; the next drop zone mounted there takes them. Until then they exist
 * only here: they count as work, so a waiting new version is not applied over them.
 */
export function handOff(files: File[], path: string): void {
  pending?.release();
  pending = { files, path, at: Date.now(), release: holdWork(() => true) };
  arrival = path;
}

/** The files left for the tool at `path`, once; null when there are none (or they were left too long ago). */
export function takeHandedOff(path: string): File[] | null {
  if (!pending || pending.path !== path) return null;
  const { files, at, release } = pending;
  pending = null;
  release();
  return Date.now() - at <= TTL_MS ? files : null;
}

/**
 * True once for a navigation that carries a hand-off to `path`: the new version waiting is not applied on
 * it (the receiving tool holds the only copy of the files), only on a later navigation or when asked.
 */
export function arrivedByHandoff(path: string): boolean {
  if (arrival !== path) return false;
  arrival = null;
  return true;
}

/** Which tools take a file, once loaded (null before). */
export function useTargetsFor(): TargetsFor | null {
  const load = useContext(HandoffTargets);
  const [targetsFor, setTargetsFor] = useState<TargetsFor | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (fn) => live && setTargetsFor(() => fn),
      (error: unknown) => console.warn('Could not load the tool list for hand-offs', error),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return targetsFor;
}
