// svgo on a string with our config; used by the worker and by the unit tests alike.
import { optimize } from 'svgo/browser';
import { gzipSync } from 'fflate';
import { ToolError } from '../../../lib/errors';
import type { SvgoConfigData } from './config';

export interface OptimizeResult {
  svg: string;
  bytes: number;
  gzipBytes: number;
  originalBytes: number;
  originalGzipBytes: number;
}

const encoder = new TextEncoder();

function gzipSize(text: string): number {
  return gzipSync(encoder.encode(text), { level: 9 }).length;
}

export function optimizeSvg(text: string, config: SvgoConfigData): OptimizeResult {
  if (!text.trim()) throw new ToolError('errors.emptyFile');
  if (!/<svg[\s>]/.test(text)) throw new ToolError('svg-tools:errors.noSvgRoot');
  let svg: string;
  try {
    svg = optimize(text, config as Parameters<typeof optimize>[1]).data;
  } catch (error) {
    const e = error as { name?: string; line?: number; column?: number; reason?: string };
    if (e?.name === 'SvgoParserError') throw new ToolError('svg-tools:errors.invalidAt', { line: e.line ?? 0, column: e.column ?? 0, detail: e.reason ?? '' });
    throw error;
  }
  return { svg, bytes: encoder.encode(svg).length, gzipBytes: gzipSize(svg), originalBytes: encoder.encode(text).length, originalGzipBytes: gzipSize(text) };
}
