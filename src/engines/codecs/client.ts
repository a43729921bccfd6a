// The main thread's side of the codec engine: a pool of codec workers, one per core, made on first use.
import * as Comlink from 'comlink';
import type { JobContext } from '../../runtime/jobs';
import { WorkerPool } from '../../runtime/WorkerPool';
import { engineLoadError, ToolError } from '../../lib/errors';
import type { CodecJob, CodecOutcome, CodecStage } from './types';
import type { CodecWorkerApi } from './worker';

let pool: WorkerPool<CodecWorkerApi> | null = null;

function codecPool(): WorkerPool<CodecWorkerApi> {
  pool ??= new WorkerPool<CodecWorkerApi>(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'codecs' }));
  return pool;
}

/** Frees the workers (a tool page calls it when it unmounts; the next job makes new ones). */
export function releaseCodecWorkers(): void {
  pool?.terminate();
}

const STAGE_KEY: Record<CodecStage, string> = {
  decoding: 'image-codecs:stage.decoding',
  resizing: 'image-codecs:stage.resizing',
  encoding: 'image-codecs:stage.encoding',
  searching: 'image-codecs:stage.searching',
  searchingQuality: 'image-codecs:stage.searchingQuality',
};

type CodecSuccess = Extract<CodecOutcome, { ok: true }>;

/** Runs one file through the engine in a pool worker. Errors become ToolErrors with image-codecs keys (or the tool's fallback). */
export async function runCodecJob(file: File, job: CodecJob, ctx: JobContext, fallbackKey: string): Promise<CodecSuccess> {
  const input = new Uint8Array(await file.arrayBuffer());
  ctx.signal.throwIfAborted();
  const onStage = (stage: CodecStage, done?: number, total?: number) =>
    ctx.onProgress(done !== undefined && total ? { kind: 'fraction', done, total, unit: 'stages', stage: STAGE_KEY[stage] } : { kind: 'indeterminate', stage: STAGE_KEY[stage] });
  const outcome = await codecPool().run<CodecOutcome>((api) => api.process(Comlink.transfer(input, [input.buffer]), job, Comlink.proxy(onStage)) as Promise<CodecOutcome>, ctx.signal);
  if (outcome.ok) return outcome;
  if (outcome.detail) console.warn(`codec: ${file.name}: ${outcome.detail}`);
  if (outcome.key === 'engineUnavailable') throw await engineLoadError(String(outcome.params?.engine));
  throw new ToolError(outcome.key ? `image-codecs:errors.${outcome.key}` : fallbackKey, outcome.params);
}
