// The main thread's side of the SVG check: one worker, made on first use, shared by every SVG tool.
import { WorkerPool } from '../../kit/WorkerPool';
import { ToolError } from '../../lib/errors';
import { isVeryLarge, type SvgInspection } from './inspect';
import type { InspectApi } from './inspect.worker';
import { unwrap } from './workerResult';

let pool: WorkerPool<InspectApi> | null = null;

/** Releases the worker (the next check makes a new one). */
export function releaseInspector(): void {
  pool?.terminate();
  pool = null;
}

/** Parses and measures the SVG off the main thread; throws the ToolError of the limit it passes. */
export async function inspectSvg(text: string, signal?: AbortSignal): Promise<SvgInspection> {
  pool ??= new WorkerPool<InspectApi>(() => new Worker(new URL('./inspect.worker.ts', import.meta.url), { type: 'module', name: 'svg-inspect' }), 1);
  return unwrap(await pool.run((api) => api.inspect(text), signal));
}

/** The check, plus a refusal of files too large to draw in the page unless `allowLarge`. */
export async function inspectForDrawing(text: string, allowLarge: boolean, signal?: AbortSignal): Promise<SvgInspection> {
  const info = await inspectSvg(text, signal);
  if (!allowLarge && isVeryLarge(info)) throw new ToolError('svg-tools:errors.veryLarge', { elements: info.expanded, characters: info.textChars });
  return info;
}
