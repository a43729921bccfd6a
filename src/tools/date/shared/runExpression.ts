import { evaluate, type Sandbox } from '../../../engines/expression/interpreter';
import { toErrorKey } from '../../../lib/errors';
import { formatResult, type LibraryAdapter, type ShownResult } from './formatResult';

export type RunOutcome = { ok: true; result: ShownResult } | { ok: false; error: { key: string; params?: Record<string, string | number> } } | null;

/** Evaluates the expression in the sandbox and shapes the outcome for display; never throws. */
export function runExpression(source: string, sandbox: Sandbox, lib: LibraryAdapter): RunOutcome {
  if (!source.trim()) return null;
  try {
    return { ok: true, result: formatResult(evaluate(source, sandbox), lib) };
  } catch (error) {
    return { ok: false, error: toErrorKey(error, 'common:errors.unknown') };
  }
}
