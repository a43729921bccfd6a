// The one svgo worker every SVG tool shares: checking, prettifying, optimising and writing EPS all parse
// with svgo, so it loads once, in one chunk. Parsing a 4 MB file takes half a second even without a DOM.
// The optimizer's and the EPS writer's own code load on their first use.
import { expose } from 'comlink';
import { settle, type Envelope } from '../../runtime/envelope';
import type { EpsResult } from './eps/eps';
import { inspectSvgText } from './inspect';
import { isVeryLarge, quickSize, veryLarge, type SvgInspection } from './limits';
import { MAX_EXPANDED } from './structure';
import type { OptimizeResult, SvgoConfigData } from './optimize';
import { formatSvgText } from './svgo';

/** Characters from which a file is sized by a scan before (and instead of) a full parse, when too large to draw. */
const QUICK_FROM = 256 * 1024;

export interface CheckedOptimizeResult extends OptimizeResult {
  /** What the sanitiser would take out of the optimised SVG (the page runs it when this is not 0). */
  unsafe: number;
  /** Too large to draw in the page without freezing it for a while. */
  veryLarge: boolean;
}

const api = {
  /** Unless `allowLarge`, a big file plainly too large to draw is refused from a scan, without seconds of parsing. */
  inspect(text: string, allowLarge = true): Promise<Envelope<SvgInspection>> {
    return settle(() => {
      if (!allowLarge && text.length > QUICK_FROM) {
        const quick = quickSize(text);
        // (past the element limit the check itself refuses, with its own reason)
        if (isVeryLarge(quick) && quick.expanded <= MAX_EXPANDED) throw veryLarge(quick);
      }
      return inspectSvgText(text);
    }, 'svg-tools:errors.invalid');
  },
  format(text: string): Promise<Envelope<string>> {
    return settle(() => formatSvgText(text), 'svg-tools:errors.invalid');
  },
  optimize(text: string, config: SvgoConfigData): Promise<Envelope<CheckedOptimizeResult>> {
    return settle(async () => {
      // <use> bombs, entity bombs and absurd nesting are refused before svgo spends time on them.
      const input = inspectSvgText(text);
      const { optimizeSvg } = await import('./optimize');
      const result = optimizeSvg(text, config);
      return { ...result, unsafe: inspectSvgText(result.svg).unsafe, veryLarge: isVeryLarge(input) };
    }, 'svg-tools:errors.optimize');
  },
  eps(text: string, title: string): Promise<Envelope<EpsResult>> {
    return settle(async () => {
      // <use> chains are expanded by the writer: a bomb or a cycle is refused up front, in milliseconds.
      inspectSvgText(text);
      const { svgToEps } = await import('./eps/eps');
      return svgToEps(text, title);
    }, 'svg-tools:errors.eps');
  },
};

export type SvgoApi = typeof api;
expose(api);
