// Prettify: svgo with no plugin at all only re-indents (it keeps every element and attribute).
import { expose } from 'comlink';
import { optimize } from 'svgo/browser';
import { settle, type WorkerResult } from '../../../engines/svg/workerResult';
import { ToolError } from '../../../lib/errors';

const api = {
  format(text: string): Promise<WorkerResult<string>> {
    return settle(() => {
      try {
        return optimize(text, { plugins: [], js2svg: { pretty: true, indent: 2 } }).data;
      } catch (error) {
        const e = error as { name?: string; line?: number; column?: number; reason?: string };
        if (e?.name === 'SvgoParserError') throw new ToolError('svg-tools:errors.invalidAt', { line: e.line ?? 0, column: e.column ?? 0, detail: e.reason ?? '' });
        throw error;
      }
    }, 'svg-tools:errors.invalid');
  },
};

export type FormatApi = typeof api;
expose(api);
