// The main thread's side of the codec engine: a pool of codec workers, one per core, made on first use.
import * as Comlink from 'comlink';
import type { JobContext } from '../../runtime/jobs';
import { WorkerPool } from '../../runtime/WorkerPool';
import type { CodecJob } from './types';
import type { CodecSuccess, CodecWorkerApi } from './worker';

let pool: WorkerPool<CodecWorkerApi> | null = null;

function codecPool(): WorkerPool<CodecWorkerApi> {
  pool ??= new WorkerPool<CodecWorkerApi>(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'codecs' }));
  return pool;
}

/** Frees the workers (a tool page calls it when it unmounts; the next job makes new ones). */
export function releaseCodecWorkers(): void {
  pool?.terminate();
}

/** Runs one file through the engine in a pool worker. Errors come as ToolErrors with image-codecs keys (or the tool's fallback). */
export async function runCodecJob(file: File, job: CodecJob, ctx: JobContext, fallbackKey: string): Promise<CodecSuccess> {
  const input = new Uint8Array(await file.arrayBuffer());
  ctx.signal.throwIfAborted();
  return codecPool().call((api) => api.process(Comlink.transfer(input, [input.buffer]), job, fallbackKey, Comlink.proxy(ctx.onProgress)), ctx.signal);
}
