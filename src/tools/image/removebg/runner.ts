import { proxy } from 'comlink';
import type { JobRunner } from '../../../runtime/jobs';
import type { WorkerPool } from '../../../runtime/WorkerPool';
import { ToolError } from '../../../lib/errors';
import { replaceExtension } from '../../../lib/download';
import { isColorInputValue } from '../../../lib/hex-colour';
import type { SegmentationApi } from '../../../engines/segmentation/worker';

export interface Settings {
  background: 'transparent' | 'color';
  /** #rrggbb */
  color: string;
}

/** What changes a result: the fill colour, or none. */
export const removebgKey = (s: Settings) => (s.background === 'color' ? s.color : 'transparent');

export const DEFAULTS: Settings = { background: 'transparent', color: '#ffffff' };

/** One image through the engine's worker; a model that cannot load stops the worker so the next try starts afresh. */
export function removebgRunner(engine: WorkerPool<SegmentationApi>): JobRunner<Settings> {
  return async (file, settings, ctx) => {
    const fill = settings.background === 'color' && isColorInputValue(settings.color) ? settings.color : null;
    const { blob, width, height, device } = await engine.call((api) => api.removeBackground(file, fill, proxy(ctx.onProgress)), ctx.signal).catch((error: unknown) => {
      if (error instanceof ToolError && error.key === 'image-removebg:errors.modelLoad') engine.terminate();
      throw error;
    });
    return {
      blob,
      name: replaceExtension(file.name, 'png').replace(/(\.png)$/i, '-no-bg$1'),
      facts: { format: 'PNG', width, height, device: device === 'gpu' ? 'WebGPU' : 'WASM' },
    };
  };
}
