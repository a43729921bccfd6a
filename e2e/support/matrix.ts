// The tool × engine matrix, written by the test run itself: a test that processed a real file through a tool in
// an engine (and checked the download with an outside program) records the cell; scripts/engine-matrix.mjs
// turns the records into the README's table. A cell nobody recorded reads "not tested", never "works".
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export type MatrixEngine = 'chromium' | 'firefox' | 'webkit';

export interface MatrixCell {
  engine: MatrixEngine;
  tool: string;
  /** The engine the tool chose when it is not its first choice (e.g. 'ffmpeg.wasm', 'CPU'), read from the page. */
  fallback?: string;
  /** What was checked, in a few words (e.g. 'PNG → WebP, identify'). */
  checked: string;
}

export const MATRIX_DIR = path.resolve(process.env.MATRIX_DIR ?? 'test-results/matrix');

/** Records that `tool` works in `engine`; call it after the download has been checked. */
export function recordWorks(engine: MatrixEngine, tool: string, checked: string, fallback?: string): void {
  mkdirSync(MATRIX_DIR, { recursive: true });
  const cell: MatrixCell = { engine, tool, checked, ...(fallback ? { fallback } : {}) };
  appendFileSync(path.join(MATRIX_DIR, `${engine}.jsonl`), `${JSON.stringify(cell)}\n`);
}
