// Runs e2e/support/svg_safety.py: SVG the app wrote, judged by Python's XML parser rather than ours.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const SCRIPT = path.resolve('e2e/support/svg_safety.py');

/** Unsafe constructs found in the SVG text ([] when there are none). */
export function unsafeConstructs(svg: string | Buffer): string[] {
  return JSON.parse(execFileSync('python3', [SCRIPT], { input: svg, encoding: 'utf8' })) as string[];
}
