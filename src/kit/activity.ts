import { useEffect, useSyncExternalStore } from 'react';
import { onDownloaded } from '../lib/download';

// What the page would lose on a reload or when leaving it: jobs running anywhere in the app, and work a
// page holds (results not downloaded yet, a file or input kept nowhere else). The service-worker updater
// never reloads while there is any, and the leave guard asks before a navigation would drop it.
let running = 0;
const holders = new Set<() => boolean>();
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((l) => l());
}

/** Marks one job as running; call the returned function when it ends (idempotent). */
export function beginActivity(): () => void {
  running++;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    running--;
    emit();
  };
}

export function isBusy(): boolean {
  return running > 0;
}

/**
 * Registers a source of held work: `holds()` says, when asked, whether the page holds something a reload
 * would lose. Call `workChanged()` when its answer may have changed; the returned function unregisters it.
 */
export function holdWork(holds: () => boolean): () => void {
  holders.add(holds);
  emit();
  return () => {
    holders.delete(holds);
    emit();
  };
}

/** Tells the listeners that some page's held work may have changed. */
export function workChanged(): void {
  emit();
}

/** A page holds results not downloaded yet or input kept nowhere else. */
export function holdsWork(): boolean {
  for (const holds of holders) if (holds()) return true;
  return false;
}

/** A reload or leaving the page now would lose something: a running job or held work. */
export function wouldLoseWork(): boolean {
  return isBusy() || holdsWork();
}

export function onActivityChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// A download can turn held results into saved ones.
onDownloaded(emit);

export function useWouldLoseWork(): boolean {
  return useSyncExternalStore(onActivityChange, wouldLoseWork, wouldLoseWork);
}

/** For a page: while `holds` is true, the page holds work a reload would lose (e.g. the user's own file). */
export function useHoldWork(holds: boolean): void {
  useEffect(() => (holds ? holdWork(() => true) : undefined), [holds]);
}
