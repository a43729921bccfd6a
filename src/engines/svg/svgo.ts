// The one door to svgo: every run goes through here, and its failures become our errors in one place.
import { optimize, type Config } from 'svgo/browser';
import { ToolError } from '../../lib/errors';
import { parseFailure } from './parseError';
import { MAX_DEPTH } from './structure';

/**
 * svgo's failures as our errors: its parser's complaint (entity, nesting, or invalid at a line and column),
 * and the stack overflow of its recursive walk on thousands of nested elements. Anything else is returned as is.
 */
export function svgoError(error: unknown): unknown {
  const e = error as { name?: string; line?: number; column?: number; reason?: string } | null;
  if (e?.name === 'SvgoParserError') return parseFailure(e.reason ?? '', { line: e.line ?? 0, column: e.column ?? 0 });
  if (error instanceof RangeError) return new ToolError('svg-tools:errors.tooDeep', { max: MAX_DEPTH });
  return error;
}

/** svgo's optimize(); throws a ToolError for an SVG it cannot read. */
export function runSvgo(text: string, config: Config): string {
  try {
    return optimize(text, config).data;
  } catch (error) {
    throw svgoError(error);
  }
}

/** Prettify: svgo with no plugin at all only re-indents (it keeps every element and attribute). */
export function formatSvgText(text: string): string {
  return runSvgo(text, { plugins: [], js2svg: { pretty: true, indent: 2 } });
}
