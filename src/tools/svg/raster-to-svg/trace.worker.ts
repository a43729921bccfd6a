// Tracing in a worker: decoding (createImageBitmap works in workers for PNG/JPEG/WebP) and imagetracer.
import { expose } from 'comlink';
import { settle, type Envelope, type ProgressPort } from '../../../runtime/envelope';
import { ToolError } from '../../../lib/errors';
import { estimateTrace, traceComplexity, type TraceEstimate } from './estimate';
import { MAX_TRACE_PIXELS, resolveMode, traceImage, type TraceResult, type TraceSettings } from './trace';

interface TracedFile extends TraceResult {
  width: number;
  height: number;
}

/** What tracing a file would cost, measured on its own pixels before any tracing. */
interface TraceInspection {
  width: number;
  height: number;
  mode: 'bw' | 'color';
  /** Edge density (traceComplexity). */
  complexity: number;
  estimate: TraceEstimate;
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
  trace(file: Blob, settings: TraceSettings, onProgress: ProgressPort): Promise<Envelope<TracedFile>> {
    return settle(async () => {
      if (file.size === 0) throw new ToolError('errors.emptyFile');
      const img = await decode(file);
      return { ...traceImage(img, settings, (done, total) => onProgress({ kind: 'fraction', done, total, unit: 'stages' })), width: img.width, height: img.height };
    }, 'svg-tools:errors.trace');
  },
  inspect(file: Blob, mode: TraceSettings['mode']): Promise<Envelope<TraceInspection>> {
    return settle(async () => {
      const img = await decode(file);
      const resolved = resolveMode(img, mode);
      const complexity = traceComplexity(img);
      return { width: img.width, height: img.height, mode: resolved, complexity, estimate: estimateTrace(img.width * img.height, complexity, resolved) };
    }, 'svg-tools:errors.trace');
  },
  /** A smaller PNG of the image (high-quality resampling), for tracing what would be too slow at full size. */
  downscale(file: Blob, width: number, height: number): Promise<Envelope<Blob>> {
    return settle(async () => {
      const bitmap = await createImageBitmap(file, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' });
      const canvas = new OffscreenCanvas(width, height);
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
      bitmap.close();
      return canvas.convertToBlob({ type: 'image/png' });
    }, 'svg-tools:errors.trace');
  },
};

export type TraceApi = typeof api;
expose(api);
