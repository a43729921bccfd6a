// What every worker answers with, and how the page reads it back. comlink keeps only the message of a
// thrown error (not its translation key nor its params), so workers return their errors as values.
import { transfer } from 'comlink';
import { toErrorKey, ToolError } from '../lib/errors';
import type { JobProgress } from './jobs';

export interface ErrorKey {
  key: string;
  params?: Record<string, string | number>;
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ErrorKey };

/** How a worker reports progress: the page passes `comlink.proxy(ctx.onProgress)`. */
export type ProgressPort = (progress: JobProgress) => void;

/**
 * Runs a worker call and wraps its outcome: a ToolError keeps its key and params, anything else becomes
 * `fallbackKey` (and is logged, since it is a bug or a browser failure). `transferables` lists the buffers
 * of a result to move to the page instead of copying them.
 */
export async function settle<T>(work: () => T | Promise<T>, fallbackKey: string, transferables?: (value: T) => Transferable[]): Promise<Envelope<T>> {
  let value: T;
  try {
    value = await work();
  } catch (error) {
    if (!(error instanceof ToolError)) console.error(error);
    return { ok: false, error: toErrorKey(error, fallbackKey) };
  }
  const envelope: Envelope<T> = { ok: true, value };
  return transferables ? transfer(envelope, transferables(value)) : envelope;
}

export function failure(key: string, params?: Record<string, string | number>): Envelope<never> {
  return { ok: false, error: params ? { key, params } : { key } };
}

/** The page's side: the value, or the worker's error thrown again as a ToolError. */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (!envelope.ok) throw new ToolError(envelope.error.key, envelope.error.params);
  return envelope.value;
}
