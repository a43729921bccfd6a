// The main thread's side of the SVG check: one worker, made on first use, shared by every SVG tool.
import { WorkerPool } from '../../runtime/WorkerPool';
import { ToolError } from '../../lib/errors';
import { isVeryLarge, quickSize, type SvgInspection } from './limits';
import type { InspectApi } from './inspect.worker';
import { unwrap } from './workerResult';

let pool: WorkerPool<InspectApi> | null = null;
/** Characters from which a file is sized by a scan before (and instead of) a full parse, when too large to draw. */
const QUICK_FROM = 256 * 1024;

function inspector(): WorkerPool<InspectApi> {
  pool ??= new WorkerPool<InspectApi>(() => new Worker(new URL('./inspect.worker.ts', import.meta.url), { type: 'module', name: 'svg-inspect' }), 2);
  return pool;
}

/** Starts the worker and loads its parser while the user picks files (a cold start takes a second on a slow machine). */
export function warmInspector(): void {
  void inspector()
    .run((api) => api.inspect('<svg xmlns="http://www.w3.org/2000/svg"/>'))
    .catch(() => undefined);
}

/** Parses and measures the SVG off the main thread; throws the ToolError of the limit it passes. */
async function inspectSvg(text: string, signal?: AbortSignal): Promise<SvgInspection> {
  return unwrap(await inspector().run((api) => api.inspect(text), signal));
}

/** The check, plus a refusal of files too large to draw in the page unless `allowLarge`. */
export async function inspectForDrawing(text: string, allowLarge: boolean, signal?: AbortSignal): Promise<SvgInspection> {
  // A big file that is plainly too large to draw is refused at once, without waiting seconds for a parse
  // (smaller ones are parsed: the exact check names what is wrong, e.g. nesting rather than size).
  const quick = text.length > QUICK_FROM ? quickSize(text) : undefined;
  if (!allowLarge && quick && isVeryLarge(quick)) throw new ToolError('svg-tools:errors.veryLarge', { elements: quick.expanded, characters: quick.textChars });
  const info = await inspectSvg(text, signal);
  if (!allowLarge && isVeryLarge(info)) throw new ToolError('svg-tools:errors.veryLarge', { elements: info.expanded, characters: info.textChars });
  return info;
}
