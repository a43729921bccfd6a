// Wall-time bounds on a shared machine: a main-thread task that needs 40 ms of CPU can wait a second for a
// core when the load is far above the core count. Bounds are the goal on a machine with a core to spare,
// stretched by the load per core (the busier of the 1- and 5-minute averages); the figures are logged either way.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Load average per core, at least 1. */
export function loadFactor(): number {
  const [one, five] = readFileSync('/proc/loadavg', 'utf8').split(' ').map(Number);
  return Math.max(1, Math.max(one, five) / availableParallelism());
}

/** `ms` on an idle machine, times the load per core on a busy one. */
export const underLoad = (ms: number): number => Math.round(ms * loadFactor());
