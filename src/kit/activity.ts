import { useSyncExternalStore } from 'react';

// How many jobs are running anywhere in the app. The service-worker updater reads it so that a new
// version never reloads the page under a running job.
let running = 0;
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

export function onActivityChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBusy(): boolean {
  return useSyncExternalStore(onActivityChange, isBusy, isBusy);
}
