import * as Comlink from 'comlink';
import { WorkerPool } from '../../../runtime/WorkerPool';
import type { EncodedIcons } from './encode';
import type { FaviconWorkerApi, RasterOptions, RasterPackage } from './favicon.worker';
import type { VectorLayers } from './render';

/** One worker is plenty: a package is one image. Cancelling terminates it; the next run makes a new one. */
export function createFaviconPool(): WorkerPool<FaviconWorkerApi> {
  return new WorkerPool<FaviconWorkerApi>(() => new Worker(new URL('./favicon.worker.ts', import.meta.url), { type: 'module', name: 'favicon' }), 1);
}

/** A raster image file: decoded, squared, resampled and encoded in the worker. */
export async function iconsFromRaster(pool: WorkerPool<FaviconWorkerApi>, file: Blob, options: RasterOptions, signal: AbortSignal): Promise<RasterPackage> {
  return pool.call((api) => api.fromFile(file, options), signal);
}

/** A vector source: drawn at each size here (an SVG can only be drawn through an <img>), encoded in the worker. */
export async function iconsFromLayers(pool: WorkerPool<FaviconWorkerApi>, layers: VectorLayers, signal: AbortSignal): Promise<EncodedIcons> {
  // The drawing code loads with the first vector build, not with the page.
  const { renderIconSet } = await import('./render');
  const images = await renderIconSet(layers, signal);
  const transfer = Object.values(images).map((img) => img.data.buffer as ArrayBuffer);
  return pool.call((api) => api.encode(Comlink.transfer(images, transfer)), signal);
}
