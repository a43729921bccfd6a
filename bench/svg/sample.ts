// The fixed sample of the SVG suite that the e2e suite runs (e2e/svg-suite.e2e.ts): every STEP-th test, in
// sorted order, among those with a 300 × 300 reference (one output size for the whole batch).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// SVG_SUITE: where the suite is when the tree is not beside ../shared (a worktree elsewhere).
export const SUITE = path.resolve(process.env.SVG_SUITE ?? '../shared/svg-suite');
const STEP = 20;

export interface SuiteTest {
  /** Path in the suite, e.g. "shapes/rect/simple-case.svg". */
  test: string;
  /** A file name unique in the batch: the path with "/" as "--". */
  name: string;
  svg: Buffer;
  ref: Buffer;
}

function allTests(dir: string, base = dir): string[] {
  const names = readdirSync(dir).sort();
  return names.flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return allTests(p, base);
    return name.endsWith('.svg') && names.includes(name.replace(/\.svg$/, '.png')) ? [path.relative(base, p)] : [];
  });
}

export function suiteSample(step = STEP): SuiteTest[] {
  const square = allTests(SUITE).filter((t) => {
    const ref = readFileSync(path.join(SUITE, t.replace(/\.svg$/, '.png')));
    return ref.readUInt32BE(16) === 300 && ref.readUInt32BE(20) === 300;
  });
  return square
    .filter((_, i) => i % step === 0)
    .map((test) => ({ test, name: test.replaceAll('/', '--'), svg: readFileSync(path.join(SUITE, test)), ref: readFileSync(path.join(SUITE, test.replace(/\.svg$/, '.png'))) }));
}
