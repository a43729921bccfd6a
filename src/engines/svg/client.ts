// The main thread's side of the svgo worker: one pool, made on first use, shared by every SVG tool.
import { WorkerPool } from '../../runtime/WorkerPool';
import { ToolError } from '../../lib/errors';
import type { EpsResult } from './eps/eps';
import { isVeryLarge, veryLarge, type SvgInspection } from './limits';
import type { SvgoConfigData } from './optimize';
import type { CheckedOptimizeResult, SvgoApi } from './svgo.worker';

let pool: WorkerPool<SvgoApi> | null = null;

function svgoPool(): WorkerPool<SvgoApi> {
  pool ??= new WorkerPool<SvgoApi>(() => new Worker(new URL('./svgo.worker.ts', import.meta.url), { type: 'module', name: 'svgo' }));
  return pool;
}

/** Frees the workers (a tool page calls it when it unmounts; calls in flight end as cancelled). */
export function releaseSvgWorkers(): void {
  pool?.terminate();
}

/** Starts a worker and loads its parser while the user picks files (a cold start takes a second on a slow machine). */
export function warmInspector(): void {
  void svgoPool()
    .call((api) => api.inspect('<svg xmlns="http://www.w3.org/2000/svg"/>'))
    .catch(() => undefined);
}

/** The check, plus a refusal of files too large to draw in the page unless `allowLarge`: all of it in the worker. */
export async function inspectForDrawing(text: string, allowLarge: boolean, signal?: AbortSignal): Promise<SvgInspection> {
  const info = await svgoPool().call((api) => api.inspect(text, allowLarge), signal);
  if (!allowLarge && isVeryLarge(info)) throw veryLarge(info);
  return info;
}

/** A refusal for the size of the file (not for what is wrong in it): such a text is not loaded into an editor either. */
export const isSizeRefusal = (error: unknown) => error instanceof ToolError && (error.key === 'svg-tools:errors.veryLarge' || error.key === 'svg-tools:errors.tooManyElements');

/** The SVG re-indented, every element and attribute kept. */
export function formatSvg(text: string, signal?: AbortSignal): Promise<string> {
  return svgoPool().call((api) => api.format(text), signal);
}

export function optimizeSvgInWorker(text: string, config: SvgoConfigData, signal?: AbortSignal): Promise<CheckedOptimizeResult> {
  return svgoPool().call((api) => api.optimize(text, config), signal);
}

/** The EPS writer's part (what PostScript cannot draw is left for the page to render: finishInPage). */
export function svgToEpsInWorker(text: string, title: string, signal?: AbortSignal): Promise<EpsResult> {
  return svgoPool().call((api) => api.eps(text, title), signal);
}
