// The page's side of the metadata worker: a small pool made on first use, freed when the page goes.
import * as Comlink from 'comlink';
import { WorkerPool } from '../../../runtime/WorkerPool';
import type { JobRunner } from '../../../runtime/jobs';
import { LABEL, detectFormat } from '../../../engines/codecs/formats';
import type { StripSettings } from './blocks';
import type { MetadataReport } from './describe';
import type { MetadataWorkerApi } from './metadata.worker';

let pool: WorkerPool<MetadataWorkerApi> | null = null;

function metadataPool(): WorkerPool<MetadataWorkerApi> {
  pool ??= new WorkerPool<MetadataWorkerApi>(() => new Worker(new URL('./metadata.worker.ts', import.meta.url), { type: 'module', name: 'metadata' }), 2);
  return pool;
}

export function releaseMetadataWorkers(): void {
  pool?.terminate();
  pool = null;
}

export async function inspectFile(file: Blob, signal?: AbortSignal): Promise<MetadataReport> {
  const input = new Uint8Array(await file.arrayBuffer());
  return metadataPool().call((api) => api.inspect(Comlink.transfer(input, [input.buffer])), signal);
}

/** One file's job: the same name, the same format, the metadata removed as asked. */
export const stripRunner: JobRunner<StripSettings> = async (file, settings, ctx) => {
  const input = new Uint8Array(await file.arrayBuffer());
  ctx.signal.throwIfAborted();
  const format = detectFormat(input);
  const out = await metadataPool().call((api) => api.strip(Comlink.transfer(input, [input.buffer]), settings), ctx.signal);
  const note = out.keptIcc ? 'image-metadata:files.iccKept' : out.removed.length === 0 ? 'image-metadata:files.nothing' : out.keptOrientation ? 'image-metadata:files.orientationKept' : undefined;
  return {
    blob: new Blob([out.bytes as BlobPart], { type: file.type || 'application/octet-stream' }),
    name: file.name,
    facts: {
      ...(format ? { format: LABEL[format] } : {}),
      removed: out.removed.join(' '),
      ...(note ? { note } : {}),
    },
  };
};
