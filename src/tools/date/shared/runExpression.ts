import { evaluate } from '../../../engines/expression/interpreter';
import type { Sandbox } from '../../../engines/expression/sandbox';
import type { RealmService } from '../../../engines/expression/realmWorker';
import { toErrorKey } from '../../../lib/errors';
import { formatResult, type LibraryAdapter } from './formatResult';
import { isLibLocale } from './libLocale';
import { checkOutcome, type RunOutcome, type RunRequest } from './outcome';

// The worker side of the playgrounds: this module and the libraries load in the playground's worker only.

/** A date library as its playground's worker runs it. */
export interface PlaygroundLibrary {
  sandbox: Sandbox;
  adapter: LibraryAdapter;
  /** Sets the library's global locale (our UI language). */
  setLocale: (name: string) => void;
  /**
   * A summary of the library's shared state that no expression may change (its locale table, prototypes
   * and statics): compared after every run, a change retires the worker.
   */
  state: () => string;
}

/** Evaluates the expression in the sandbox and shapes the outcome as plain data for display; never throws. */
export function runExpression(request: RunRequest, lib: PlaygroundLibrary): RunOutcome {
  if (!request.source.trim()) return null;
  try {
    lib.setLocale(isLibLocale(request.locale) ? request.locale : 'en');
    return { ok: true, value: formatResult(evaluate(request.source, lib.sandbox), lib.adapter) };
  } catch (error) {
    return checkOutcome({ ok: false, error: toErrorKey(error, 'common:errors.unknown') });
  }
}

/** What the playground's worker serves (see realmWorker.ts). */
export function playgroundService(lib: PlaygroundLibrary): RealmService<RunRequest, RunOutcome> {
  return { run: (request) => runExpression(request, lib), state: lib.state };
}

