import { toErrorKey, ToolError } from '../../lib/errors';

/**
 * What our workers return: errors as values, since comlink keeps only the message of a thrown ToolError.
 * One object type rather than a union: comlink's Remote<> distributes over unions and loses the type.
 */
export interface WorkerResult<T> {
  value?: T;
  error?: { key: string; params?: Record<string, string | number> };
}

export async function settle<T>(work: () => T | Promise<T>, fallbackKey: string): Promise<WorkerResult<T>> {
  try {
    return { value: await work() };
  } catch (error) {
    if (!(error instanceof ToolError)) console.error(error);
    return { error: toErrorKey(error, fallbackKey) };
  }
}

export function unwrap<T>(result: WorkerResult<T>): T {
  if (result.error) throw new ToolError(result.error.key, result.error.params);
  return result.value as T;
}
