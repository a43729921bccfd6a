// One comparison as the worker runs it: the request, the answer, and the run.
import { ToolError } from '../../../lib/errors';
import { computeDiff } from './diff';
import { unifiedPatch } from './patch';
import type { DiffOptions, DiffResult } from './types';

export interface DiffRequest {
  id: number;
  a: string;
  b: string;
  options: DiffOptions;
  /** File names for the unified patch; null when the patch is not wanted. */
  patch: { a: string; b: string } | null;
  timeoutMs?: number;
}

export type DiffResponse =
  | { id: number; ok: true; result: DiffResult; patch: string | null }
  | { id: number; ok: false; key: string; params?: Record<string, string | number> };

export function runDiff(req: DiffRequest): DiffResponse {
  const started = Date.now();
  try {
    const result = computeDiff(req.a, req.b, req.options, { timeoutMs: req.timeoutMs });
    const timeoutMs = req.timeoutMs === undefined ? undefined : Math.max(1, req.timeoutMs - (Date.now() - started));
    const patch = req.patch ? unifiedPatch(req.a, req.b, req.options, req.patch, { timeoutMs }) : null;
    return { id: req.id, ok: true, result, patch };
  } catch (error) {
    if (error instanceof ToolError) return { id: req.id, ok: false, key: error.key, params: error.params };
    return { id: req.id, ok: false, key: 'common:errors.unknown' };
  }
}
