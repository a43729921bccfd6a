// One comparison as the worker runs it: the request, the answer, and the run.
import { settle, type Envelope } from '../../../runtime/envelope';
import { computeDiff } from './diff';
import { unifiedPatch } from './patch';
import { packDiff, type PackedDiff } from './packed';
import type { DiffOptions } from './types';

export interface DiffRequest {
  a: string;
  b: string;
  options: DiffOptions;
  /** File names for the unified patch; null when the patch is not wanted. */
  patch: { a: string; b: string } | null;
  timeoutMs?: number;
}

export interface DiffAnswer {
  result: PackedDiff;
  patch: string | null;
}

export function runDiff(req: DiffRequest): Promise<Envelope<DiffAnswer>> {
  const started = Date.now();
  return settle(() => {
    const result = computeDiff(req.a, req.b, req.options, { timeoutMs: req.timeoutMs });
    const timeoutMs = req.timeoutMs === undefined ? undefined : Math.max(1, req.timeoutMs - (Date.now() - started));
    const patch = req.patch ? unifiedPatch(req.a, req.b, req.options, req.patch, { timeoutMs }) : null;
    return { result: packDiff(result), patch };
  }, 'common:errors.unknown');
}
