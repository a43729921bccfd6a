import type { Envelope } from '../../../runtime/envelope';
import { SHOWN_KINDS, type ShownResult } from './formatResult';

// What crosses between the page and a playground's worker: plain data only, in the workers' one envelope.

export type RunOutcome = Envelope<ShownResult> | null;

/** What the page asks the playground's worker: an expression and the library locale to run it in. */
export interface RunRequest {
  source: string;
  locale: string;
}

const ERROR_KEY = /^(date-playground|common):errors\.[A-Za-z]+$/;

/**
 * An outcome that came from the worker (or anywhere else), reduced to what the page renders: a known kind,
 * texts, an error key of ours with text or number parameters. Anything else becomes "unknown error".
 */
export function checkOutcome(data: unknown): RunOutcome {
  if (data === null) return null;
  const unknownError: RunOutcome = { ok: false, error: { key: 'common:errors.unknown' } };
  if (typeof data !== 'object') return unknownError;
  const outcome = data as { ok?: unknown; value?: unknown; error?: unknown };
  if (outcome.ok === true) {
    const result = outcome.value as { kind?: unknown; value?: unknown; secondary?: unknown } | null;
    if (!result || typeof result !== 'object' || !SHOWN_KINDS.includes(result.kind as ShownResult['kind']) || typeof result.value !== 'string') return unknownError;
    if (result.secondary !== undefined && typeof result.secondary !== 'string') return unknownError;
    const shown: ShownResult = { kind: result.kind as ShownResult['kind'], value: result.value };
    if (result.secondary !== undefined) shown.secondary = result.secondary;
    return { ok: true, value: shown };
  }
  const error = outcome.error as { key?: unknown; params?: unknown } | null;
  if (outcome.ok !== false || !error || typeof error !== 'object' || typeof error.key !== 'string' || !ERROR_KEY.test(error.key)) return unknownError;
  const params: Record<string, string | number> = {};
  if (error.params && typeof error.params === 'object') {
    for (const [name, value] of Object.entries(error.params)) {
      if (typeof value === 'string') params[name] = value.slice(0, 300);
      else if (typeof value === 'number') params[name] = value;
    }
  }
  return { ok: false, error: Object.keys(params).length ? { key: error.key, params } : { key: error.key } };
}
