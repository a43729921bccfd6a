import type { Page, Worker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DAYJS_EXAMPLES } from '../src/tools/date/dayjs-utils/examples';
import { MOMENT_EXAMPLES } from '../src/tools/date/moment-utils/examples';
import { ESCAPE_CORPUS } from '../src/tools/date/shared/escapeCorpus.testing';
import { underLoad } from './support/load';
import { busiest, describeTask, watchMainThread } from './support/trace';
import { appForSuite, foreignRequests } from './support/app';

// The date playgrounds run Day.js and Moment in a worker of their own, with frozen intrinsics. Here the
// whole escape corpus is typed into both pages: every payload is refused, the page's prototypes (own
// keys and property descriptors) are exactly as before, the worker's realm stays frozen, and every
// clickable example still gives its value afterwards.

/**
 * The page's clock (Playwright's, installed before the page loads) runs on its own; this moves it past the input's
 * 250 ms debounce at once instead of waiting for it, 160 times per library. The worker's clock is not the page's.
 */
const skipDebounce = (page: Page) => page.clock.runFor(250);

/** Types an expression and waits for the debounced result (value or error) to settle on it; returns the status. */
async function settle(page: Page, code: string, fast = false): Promise<string> {
  await page.getByTestId('text-input').fill(code);
  if (fast) await skipDebounce(page);
  const output = page.getByTestId('text-output');
  let status: string | null = null;
  await expect.poll(async () => (await output.getAttribute('data-code')) === code && (status = await output.getAttribute('data-status')), { timeout: 10_000 }).toBeTruthy();
  return status!;
}

/** Runs in the page: keeps the descriptors of the shared prototypes (values by identity) for `protoChanges`. */
function snapshotProtos() {
  const w = window as unknown as { __protoSnapshot: Record<string, PropertyDescriptorMap> };
  const protos: Record<string, object> = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype };
  w.__protoSnapshot = Object.fromEntries(Object.entries(protos).map(([name, proto]) => [name, Object.getOwnPropertyDescriptors(proto)]));
}

/** Runs in the page: every own key added, removed or changed (descriptor or value identity) since `snapshotProtos`. */
function protoChanges(): string[] {
  const w = window as unknown as { __protoSnapshot: Record<string, PropertyDescriptorMap> };
  const protos: Record<string, object> = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype };
  const changes: string[] = [];
  for (const [name, proto] of Object.entries(protos)) {
    const before = w.__protoSnapshot[name];
    const now = Object.getOwnPropertyDescriptors(proto);
    for (const key of new Set([...Reflect.ownKeys(before), ...Reflect.ownKeys(now)])) {
      const a = before[key as string];
      const b = now[key as string];
      const label = `${name}.prototype.${String(key)}`;
      if (!a || !b) changes.push(`${label} ${a ? 'removed' : 'added'}`);
      else if (a.enumerable !== b.enumerable || a.configurable !== b.configurable || a.writable !== b.writable || !Object.is(a.value, b.value) || a.get !== b.get || a.set !== b.set) changes.push(`${label} changed`);
    }
  }
  if (({} as Record<string, unknown>).date !== undefined) changes.push('({}).date is set');
  return changes;
}

async function playgroundWorker(page: Page, name: string): Promise<Worker> {
  await expect.poll(() => page.workers().some((w) => w.url().includes(`${name}.worker`)), { timeout: 15_000 }).toBe(true);
  return page.workers().find((w) => w.url().includes(`${name}.worker`))!;
}

/** The worker's realm: its intrinsics frozen, nothing added to Object.prototype. */
const realmState = (worker: Worker) =>
  worker.evaluate(() => ({
    frozen: [Object.prototype, Array.prototype, Function.prototype, String.prototype, Object, Array, Function, JSON].every((o) => Object.isFrozen(o)),
    objectKeys: Reflect.ownKeys(Object.prototype).length,
    date: ({} as Record<string, unknown>).date,
  }));

describe.each([
  { root: 'dayjs', path: '/date/dayjs-utils', examples: DAYJS_EXAMPLES },
  { root: 'moment', path: '/date/moment-utils', examples: MOMENT_EXAMPLES },
])('$root playground: the escape corpus in the page', ({ root, path, examples }) => {
  const app = appForSuite({ locale: 'en-US' });

  it('stops a run that hangs after 2 s without freezing the page, then works again in a fresh worker', { timeout: 60_000 }, async () => {
    const { page } = app;
    // The suite's first test: a fresh profile, nothing kept, the playground opens on its first example.
    await page.goto(path);
    await expect.poll(() => page.getByTestId('result-value').innerText(), { timeout: 15_000 }).toBe('2025-02-28');
    const worker = await playgroundWorker(page, root);
    // Hold the worker's thread as a runaway evaluation would (the interpreter's own limits make one hard to
    // write): a task of the worker's own, queued ahead of the next request.
    await worker.evaluate(() => {
      setTimeout(() => {
        const end = Date.now() + 20_000;
        while (Date.now() < end);
      }, 0);
    });
    const closed = new Promise((resolve) => worker.once('close', resolve));
    const code = `${root}('2024-02-29').format('YYYY')`;
    // The page's own thread stays free while the worker hangs: its busiest task's CPU time is measured.
    const watch = await watchMainThread(page);
    const started = Date.now();
    await page.getByTestId('text-input').fill(code);
    await expect.poll(() => page.getByTestId('result-error').getAttribute('data-key'), { timeout: 10_000 }).toBe('date-playground:errors.timeout');
    const top = busiest(await watch.stop());
    console.log(`the page's busiest task while the worker hung: ${describeTask(top)}`);
    // An evaluation on the page's thread would have kept it busy for the whole 2 s.
    expect(top.cpu).toBeLessThan(200);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(2000);
    // Stopped after its 2 s; a loaded machine stretches the rest of the wait (support/load.ts).
    expect(waited).toBeLessThan(underLoad(6000));
    expect(await page.getByTestId('result-error').innerText()).toBe('The expression ran longer than 2 s and was stopped.');
    // The hung worker was terminated; the next expression gets a new one.
    expect(await settle(page, `${root}('2024-02-29').format('MM')`)).toBe('done');
    expect(await page.getByTestId('result-value').innerText()).toBe('02');
    // Terminated, not left to finish its 20 s.
    await closed;
    expect(Date.now() - started).toBeLessThan(underLoad(10_000));
    expect(page.workers().filter((w) => w.url().includes(`${root}.worker`))).toHaveLength(1);
  });

  it(`refuses all ${ESCAPE_CORPUS.length} payloads with 0 prototype changes in the page, then every example still works`, { timeout: 300_000 }, async () => {
    const { page } = app;
    // The clock is the context's for good: this test runs after the one that times a hung run on the real clock.
    await page.clock.install();
    // That test left its last expression kept on the device: start again from the first example.
    await page.evaluate((id) => localStorage.removeItem(`localkit-input:${id}`), path.split('/').pop()!);
    await page.goto(path);
    await expect.poll(() => page.getByTestId('result-value').innerText(), { timeout: 15_000 }).toBe('2025-02-28');
    await page.evaluate(snapshotProtos);
    const worker = await playgroundWorker(page, root);
    const before = await realmState(worker);
    expect(before.frozen).toBe(true);

    const notRefused: string[] = [];
    for (const payload of ESCAPE_CORPUS.map((c) => c.replaceAll('dayjs', root))) {
      const status = await settle(page, payload, true);
      const key = status === 'error' ? await page.getByTestId('result-error').getAttribute('data-key') : null;
      // Refused by the interpreter with a reason of its own: never a library failure, never an unknown error.
      if (!key?.startsWith('date-playground:errors.') || key === 'date-playground:errors.library') notRefused.push(`${payload} -> ${status} ${key}`);
    }
    expect(notRefused).toEqual([]);
    expect(await page.evaluate(protoChanges)).toEqual([]);
    expect(await page.getByText('Something went wrong').count()).toBe(0);

    // The same worker answered the whole corpus (nothing tainted it), and its realm is as it was.
    expect(page.workers().filter((w) => w.url().includes(`${root}.worker`))).toEqual([worker]);
    expect(await realmState(worker)).toEqual(before);

    // Every clickable example still evaluates afterwards.
    const failed: string[] = [];
    for (const code of examples.flatMap((g) => g.items)) {
      await page.getByTestId('example').filter({ hasText: new RegExp(`^${code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).click();
      await skipDebounce(page);
      await expect.poll(() => page.getByTestId('text-output').getAttribute('data-code'), { timeout: 10_000 }).toBe(code);
      if ((await page.getByTestId('text-output').getAttribute('data-status')) !== 'done') failed.push(code);
    }
    expect(failed).toEqual([]);

    // The library ran in the worker only: the page itself never loaded it.
    const pageChunks = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(pageChunks.filter((u) => /Sandbox-/.test(u))).toEqual([]);
    const workerChunks = await worker.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(workerChunks.filter((u) => u.includes(`${root}Sandbox-`))).toHaveLength(1);

    expect(app.errors).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
  });
});
