// The main thread's side of the svgo worker: one pool, made on first use, shared by every SVG tool.
import { WorkerPool } from '../../runtime/WorkerPool';
import { ToolError } from '../../lib/errors';
import type { EpsResult } from './eps/eps';
import { isVeryLarge, quickSize, type SvgInspection } from './limits';
import type { SvgoConfigData } from './optimize';
import type { CheckedOptimizeResult, SvgoApi } from './svgo.worker';

let pool: WorkerPool<SvgoApi> | null = null;
/** Characters from which a file is sized by a scan before (and instead of) a full parse, when too large to draw. */
const QUICK_FROM = 256 * 1024;

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

/** The check, plus a refusal of files too large to draw in the page unless `allowLarge`. */
export async function inspectForDrawing(text: string, allowLarge: boolean, signal?: AbortSignal): Promise<SvgInspection> {
  // A big file that is plainly too large to draw is refused at once, without waiting seconds for a parse
  // (smaller ones are parsed: the exact check names what is wrong, e.g. nesting rather than size).
  const quick = text.length > QUICK_FROM ? quickSize(text) : undefined;
  if (!allowLarge && quick && isVeryLarge(quick)) throw new ToolError('svg-tools:errors.veryLarge', { elements: quick.expanded, characters: quick.textChars });
  const info = await svgoPool().call((api) => api.inspect(text), signal);
  if (!allowLarge && isVeryLarge(info)) throw new ToolError('svg-tools:errors.veryLarge', { elements: info.expanded, characters: info.textChars });
  return info;
}

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
