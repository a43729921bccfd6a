// The optimizer's run: svgo on a string with the tool's config, and the sizes before and after.
import type { Config } from 'svgo/browser';
import { gzipSync } from 'fflate';
import { ToolError } from '../../lib/errors';
import { runSvgo } from './svgo';

/** svgo's config as plain data (it crosses to the worker): the optimizer's settings build it. */
export interface SvgoConfigData {
  multipass: boolean;
  floatPrecision: number;
  js2svg: { pretty: boolean; indent: number };
  plugins: Array<string | { name: 'preset-default'; params: { overrides: Record<string, false> } }>;
}

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
  const svg = runSvgo(text, config as Config);
  return { svg, bytes: encoder.encode(svg).length, gzipBytes: gzipSize(svg), originalBytes: encoder.encode(text).length, originalGzipBytes: gzipSize(text) };
}
