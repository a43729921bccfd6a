// Turns the cells the e2e run recorded (e2e/support/matrix.ts) into the tool × engine table: written to
// test-results/engine-matrix.md after every run, and into README.md (between its engine-matrix markers) when the
// run asks for it (npm test does), so the README shows what the last full run proved.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TOOLS } from '../../src/tools/registry';
import { tr } from './locales';
import { MATRIX_DIR, type MatrixCell, type MatrixEngine } from './matrix';

const ENGINES: { id: MatrixEngine; label: string }[] = [
  { id: 'chromium', label: 'Chromium' },
  { id: 'firefox', label: 'Firefox ESR' },
  { id: 'webkit', label: 'WebKit (WebKitGTK)' },
];
const START = '<!-- engine-matrix:start -->';
const END = '<!-- engine-matrix:end -->';

function readCells(engine: MatrixEngine): MatrixCell[] {
  const file = path.join(MATRIX_DIR, `${engine}.jsonl`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as MatrixCell);
}

function cellText(cells: MatrixCell[]): string {
  if (cells.length === 0) return 'not tested';
  const fallbacks = [...new Set(cells.map((c) => c.fallback).filter(Boolean))];
  return fallbacks.length ? `works with ${fallbacks.join(', ')}` : 'works';
}

export function matrixMarkdown(): string {
  const byEngine = new Map(ENGINES.map((e) => [e.id, readCells(e.id)]));
  const header = `| tool | ${ENGINES.map((e) => e.label).join(' | ')} |\n| --- |${ENGINES.map(() => ' --- |').join('')}`;
  const lines = TOOLS.map((tool) => {
    const cells = ENGINES.map((e) => cellText(byEngine.get(e.id)!.filter((c) => c.tool === tool.id)));
    return `| ${tr('en', `tools.${tool.id}.name`)} | ${cells.join(' | ')} |`;
  });
  return `${header}\n${lines.join('\n')}\n`;
}

/** Writes the table; returns whether any cell was recorded (a run with no engine test writes nothing). */
export function writeMatrix(): boolean {
  if (!ENGINES.some((e) => readCells(e.id).length)) return false;
  const table = matrixMarkdown();
  writeFileSync(path.join(MATRIX_DIR, '..', 'engine-matrix.md'), table);
  if (process.env.E2E_MATRIX_README === '1') {
    const readme = path.resolve('README.md');
    const text = readFileSync(readme, 'utf8');
    const from = text.indexOf(START);
    const to = text.indexOf(END);
    if (from >= 0 && to > from) writeFileSync(readme, `${text.slice(0, from + START.length)}\n${table}${text.slice(to)}`);
  }
  return true;
}
