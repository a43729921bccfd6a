// The page's main-thread tasks with their CPU time, from a Chromium trace (CDP). On a loaded machine a task's
// wall time also counts the time the thread waited for a core; its CPU time is the app's own work, so the
// "no main-thread task over 200 ms" bounds are checked on CPU time, whatever the load.
import { gunzipSync } from 'node:zlib';
import type { CDPSession, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { chrome_mojo_event_info?: { mojo_interface_tag?: string } };
}

export interface MainTask {
  /** Page time (performance.now) of the start, ms. */
  start: number;
  wall: number;
  cpu: number;
  /** The Mojo interface whose message ran the task, when it was one (DevToolsSession: the test's own calls). */
  via?: string;
}

/** Records the top-level tasks of every thread (with their CPU time) and the page's performance marks. */
export async function startTrace(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  // Compressed: a long watch records every thread's tasks (a 2-hour waveform's decoder: 1.4 M events, 370 MB of JSON).
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', streamCompression: 'gzip', traceConfig: { includedCategories: ['toplevel', 'mojom', 'blink.user_timing'], excludedCategories: ['*'] } });
  return cdp;
}

/**
 * The trace's events; with `mark`, only those of the thread that recorded that performance mark (Chromium writes an
 * event a line: only that thread's lines are parsed, not every worker's).
 */
export async function endTrace(cdp: CDPSession, mark?: string): Promise<TraceEvent[]> {
  const complete = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await complete;
  if (!stream) throw new Error('the trace came back without a stream');
  const chunks: Buffer[] = [];
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 22 });
    chunks.push(Buffer.from(chunk.data, chunk.base64Encoded ? 'base64' : 'utf8'));
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  await cdp.detach().catch(() => undefined);
  const raw = Buffer.concat(chunks);
  const text = (raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw).toString('utf8');
  const mine = mark === undefined ? undefined : eventsOfMarkedThread(text, mark);
  if (mine) return mine;
  const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** The events on the lines of the thread that recorded `mark`; undefined when the trace is not an event a line. */
export function eventsOfMarkedThread(text: string, mark: string): TraceEvent[] | undefined {
  const lineAt = (i: number) => {
    const start = text.lastIndexOf('\n', i) + 1;
    const end = text.indexOf('\n', i);
    // An event, then its comma; the last one closes the list (`}],` or `}]}`).
    let event = text.slice(start, end < 0 ? text.length : end).trim();
    if (event.endsWith(',')) event = event.slice(0, -1);
    if (event.endsWith(']}')) event = event.slice(0, -2);
    else if (event.endsWith(']')) event = event.slice(0, -1);
    return { end: end < 0 ? text.length : end, event };
  };
  const parse = (line: string) => {
    try {
      const e = JSON.parse(line) as TraceEvent;
      return typeof e === 'object' && e !== null && typeof e.tid === 'number' ? e : undefined;
    } catch {
      return undefined;
    }
  };
  const at = text.indexOf(`"name":"${mark}"`);
  if (at < 0) return undefined;
  const marked = parse(lineAt(at).event);
  if (marked?.name !== mark) return undefined;
  const out: TraceEvent[] = [];
  const key = `"tid":${marked.tid},`;
  for (let i = text.indexOf(key); i >= 0; ) {
    const { end, event } = lineAt(i);
    const e = parse(event);
    if (!e) return undefined;
    if (e.pid === marked.pid && e.tid === marked.tid) out.push(e);
    i = text.indexOf(key, end);
  }
  return out;
}

/** The page's main-thread tasks (outermost only), found by the thread that recorded the `mark` made at page time `markNow`. */
export function mainThreadTasks(events: TraceEvent[], mark: string, markNow: number): MainTask[] {
  const marked = events.find((e) => e.name === mark);
  if (!marked) throw new Error(`mark ${mark} not in the trace`);
  const offset = marked.ts / 1000 - markNow;
  const mine = events.filter((e) => e.pid === marked.pid && e.tid === marked.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const messages = mine.filter((e) => e.name === 'Receive mojo message');
  const tasks: MainTask[] = [];
  let end = -Infinity;
  for (const e of mine) {
    if (e.name !== 'ThreadControllerImpl::RunTask' || e.ts < end) continue;
    end = e.ts + e.dur!;
    const via = messages.find((m) => m.ts >= e.ts && m.ts + m.dur! <= end && m.dur! >= 0.9 * e.dur!)?.args?.chrome_mojo_event_info?.mojo_interface_tag;
    tasks.push({ start: e.ts / 1000 - offset, wall: e.dur! / 1000, cpu: (e.tdur ?? 0) / 1000, via });
  }
  return tasks;
}

export interface MainThreadWatch {
  /** Page time of the start. */
  since: number;
  /** Ends the trace: the app's own tasks since the start (the test's DevTools calls left out). */
  stop(): Promise<MainTask[]>;
}

let marks = 0;

/**
 * Starts tracing the page's main thread; `stop()` returns the app's tasks with their CPU time. The test's own
 * DevTools calls are left out unless `withTestCalls`: the app's handler of an input's change event runs inside
 * the call that set the files, so a test that gives files by path (cheap to inject) counts those calls too.
 */
export async function watchMainThread(page: Page, { withTestCalls = false } = {}): Promise<MainThreadWatch> {
  const cdp = await startTrace(page);
  const mark = `main-thread-watch-${++marks}`;
  const since = await page.evaluate((name) => {
    performance.mark(name);
    return performance.now();
  }, mark);
  return {
    since,
    async stop() {
      const tasks = mainThreadTasks(await endTrace(cdp, mark), mark, since);
      return tasks.filter((x) => x.start >= since && (withTestCalls || x.via !== 'blink.mojom.DevToolsSession'));
    },
  };
}

/** The task with the most CPU time (a zero task when there is none). */
export function busiest(tasks: MainTask[]): MainTask {
  return tasks.reduce<MainTask>((a, b) => (b.cpu > a.cpu ? b : a), { start: 0, wall: 0, cpu: 0 });
}

export const describeTask = (t: MainTask): string => `${t.cpu.toFixed(0)} ms CPU (${t.wall.toFixed(0)} ms wall)${t.via ? ` via ${t.via}` : ''}`;
