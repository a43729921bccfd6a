// Polling that works in hooks too (vitest's expect.poll works only inside a test).

/** Calls `fn` until `ok` holds for its value and returns that value; throws with the last value after `timeout` ms. */
export async function until<T>(fn: () => Promise<T>, ok: (value: T) => boolean, { timeout = 60_000, interval = 150, message = 'condition' } = {}): Promise<T> {
  const end = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (ok(value)) return value;
      last = value;
    } catch (e) {
      last = e instanceof Error ? e.message : e;
    }
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${message}; last: ${JSON.stringify(last)?.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}
