// Tracing in a worker: decoding (createImageBitmap works in workers for PNG/JPEG/WebP) and imagetracer.
import { expose } from 'comlink';
import { settle, type WorkerResult } from '../../../engines/svg/workerResult';
import { ToolError } from '../../../lib/errors';
import { MAX_TRACE_PIXELS, traceImage, type TraceResult, type TraceSettings } from './trace';

export interface TracedFile extends TraceResult {
  width: number;
  height: number;
}

async function decode(file: Blob): Promise<ImageData> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ToolError('svg-tools:errors.notImage');
  }
  if (bitmap.width * bitmap.height > MAX_TRACE_PIXELS) throw new ToolError('svg-tools:errors.traceTooLarge', { width: bitmap.width, height: bitmap.height });
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

const api = {
  trace(file: Blob, settings: TraceSettings, onProgress: (done: number, total: number) => void): Promise<WorkerResult<TracedFile>> {
    return settle(async () => {
      if (file.size === 0) throw new ToolError('errors.emptyFile');
      const img = await decode(file);
      return { ...traceImage(img, settings, onProgress), width: img.width, height: img.height };
    }, 'svg-tools:errors.trace');
  },
};

export type TraceApi = typeof api;
expose(api);
