/** An error that carries a translation key (in common.json under errors.*, or a tool namespace), never a sentence. */
export class ToolError extends Error {
  readonly key: string;
  readonly params?: Record<string, string | number>;
  constructor(key: string, params?: Record<string, string | number>) {
    super(key);
    this.name = 'ToolError';
    this.key = key;
    this.params = params;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException ? error.name === 'AbortError' : (error as { name?: string } | null)?.name === 'AbortError';
}

/** Any thrown value to a translation key + params, for a row or a toast. */
export function toErrorKey(error: unknown, fallbackKey = 'errors.unknown'): { key: string; params?: Record<string, string | number> } {
  if (error instanceof ToolError) return { key: error.key, params: error.params };
  if (error && typeof error === 'object' && 'key' in error && typeof (error as { key: unknown }).key === 'string') {
    const e = error as { key: string; params?: Record<string, string | number> };
    return { key: e.key, params: e.params };
  }
  return { key: fallbackKey };
}

/**
 * Whether the network is out of reach. navigator.onLine alone is not enough (it stays true behind a dead
 * connection), so a same-origin HEAD request no cache may answer confirms it.
 */
export async function isOffline(): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  try {
    await fetch('/favicon.svg', { method: 'HEAD', cache: 'no-store' });
    return false;
  } catch {
    return true;
  }
}

/** An engine (codec wasm, ffmpeg core, model) could not be loaded: the message names it and says whether the device is offline. */
export async function engineLoadError(engine: string): Promise<ToolError> {
  return new ToolError((await isOffline()) ? 'common:engines.offline' : 'common:engines.loadFailed', { engine });
}
