import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { expect } from 'vitest';

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });

/**
 * A text manual compressed by the PDF worker's Type 1 → CFF path, judged by Poppler and qpdf: clean, smaller than
 * its source, every embedded font now Type 1C (none left as Type 1), and its text (pdftotext -layout) unchanged.
 */
export function expectCompressedManual(file: string, source: string): void {
  expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors');
  expect(statSync(file).size).toBeLessThan(statSync(source).size);
  const fonts = run('pdffonts', [file]);
  expect(fonts).toMatch(/Type 1C/);
  expect(fonts).not.toMatch(/Type 1\s+(Custom|Builtin)/);
  const text = (f: string) => run('pdftotext', ['-layout', f, '-']);
  expect(text(file)).toBe(text(source));
}
