import { WorkerPool } from '../../runtime/WorkerPool';
import type { SegmentationApi } from './worker';

/** The engine's one worker (a pool of one: made on first use, terminated on cancel, made again when next needed). */
export function createSegmentationEngine(): WorkerPool<SegmentationApi> {
  return new WorkerPool<SegmentationApi>(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'background-removal' }), 1);
}

/** Whether this browser offers WebGPU with an adapter (checked on the page, without loading the engine). */
export async function hasWebGpu(): Promise<boolean> {
  const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
  if (!gpu) return false;
  try {
    return (await gpu.requestAdapter()) !== null;
  } catch {
    return false;
  }
}
