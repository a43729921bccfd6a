// Recursive <use> on resvg's own test files: counted as nothing by the check (not refused), left out of svgo's tree
// by the same rule the page applies to the DOM, and the EPS writer draws the rest (judged by Ghostscript).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { svgToEps } from './eps/eps';
import { inspectSvgText } from './inspect';
import { recursiveReferences } from './recursion';
import { dropRecursiveXastUses } from './structure';
import { parseXast } from './xast';

const suiteFile = (name: string) => readFileSync(path.resolve('src/engines/svg/fixtures/recursive', `${name}.svg`), 'utf8');
const hostile = readFileSync(path.resolve('src/engines/svg/fixtures/hostile/use-recursive.svg'), 'utf8');

/** The ids of the <use> elements left in the tree after the recursive ones are dropped. */
function usesLeft(text: string): { dropped: number; left: string[] } {
  const root = parseXast(text);
  const dropped = dropRecursiveXastUses(root);
  const left: string[] = [];
  const walk = (el: typeof root) => el.children.forEach((c) => c.type === 'element' && (c.name === 'use' && left.push(c.attributes.id ?? '?'), walk(c)));
  walk(root);
  return { dropped, left };
}

/** Ghostscript's rendering of the EPS at 1.5 px per user unit (the suite's 300 px for 200 units). */
function render(text: string): (x: number, y: number) => number[] {
  const { eps } = svgToEps(text);
  const ppm = execFileSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-dEPSCrop', '-r144', '-sDEVICE=ppmraw', '-sOutputFile=-', '-'], { input: eps, maxBuffer: 1 << 24 });
  const header = /^P6\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 200).toString('latin1'))!;
  const width = Number(header[1]);
  return (x, y) => [...ppm.subarray(header[0].length + (y * width + x) * 3, header[0].length + (y * width + x) * 3 + 3)];
}

describe('recursive <use> (resvg suite structure/use)', () => {
  it('finds exactly the references that lead back to themselves, on a plain graph', () => {
    // 0 holds 1 and 2; 1 refers to 3, 3 to 1 (a cycle of references); 2 refers to 0 (its own ancestor); 4 to 1 (into a cycle, not in it).
    const children: Record<number, number[]> = { 0: [1, 2, 3, 4], 1: [], 2: [], 3: [], 4: [] };
    const targets: Record<number, number> = { 1: 3, 3: 1, 2: 0, 4: 1 };
    expect([...recursiveReferences(0, { children: (n) => children[n], target: (n) => targets[n] })].sort()).toEqual([1, 2, 3]);
  });

  it('are drawn as nothing by the check, not refused: each file is measured', () => {
    for (const name of ['indirect-recursive-1', 'indirect-recursive-2', 'nested-recursive-1', 'nested-recursive-2', 'recursive']) {
      const info = inspectSvgText(suiteFile(name));
      // Nothing is expanded: every <use> in these files shows itself.
      expect(info.expanded, name).toBe(info.elements);
    }
    const info = inspectSvgText(hostile);
    expect(info.expanded).toBe(info.elements);
  });

  it('leaves out only the recursive <use>s', () => {
    expect(usesLeft(suiteFile('indirect-recursive-1'))).toEqual({ dropped: 2, left: [] });
    expect(usesLeft(suiteFile('indirect-recursive-2'))).toEqual({ dropped: 1, left: [] });
    expect(usesLeft(suiteFile('nested-recursive-2'))).toEqual({ dropped: 2, left: [] });
    // A <use> that shows an element holding a recursive one is itself fine: it draws the rest of it.
    const fine = '<svg xmlns="http://www.w3.org/2000/svg"><g id="g"><use id="r" href="#g"/><rect width="5" height="5"/></g><use id="ok" href="#g" x="10"/></svg>';
    expect(usesLeft(fine)).toEqual({ dropped: 1, left: ['ok'] });
    // 5 elements, and "ok" shows g, its recursive <use> (which shows nothing) and the rect: 5 + 3.
    expect(inspectSvgText(fine).expanded).toBe(8);
  });

  it.runIf(existsSync('/usr/bin/gs'))('EPS draws everything but the recursive reference (Ghostscript)', () => {
    // indirect-recursive-2: the half-transparent green square once (on white: 128, 192, 128), the frame, nothing else.
    const at = render(suiteFile('indirect-recursive-2'));
    const near = (c: number[], want: number[]) => c.every((v, i) => Math.abs(v - want[i]) <= 10);
    expect(at(150, 150)).toSatisfy((c: number[]) => near(c, [128, 192, 128]));
    // Where the recursive <use> (20 units right and down) would have drawn a second square over the first: white.
    expect(at(285, 285)).toSatisfy((c: number[]) => near(c, [255, 255, 255]));
    // The frame (1 unit wide at x = 1): black.
    expect(at(1, 150)).toSatisfy((c: number[]) => c.every((v) => v < 128));
    // indirect-recursive-1 and nested-recursive-2: the frame alone.
    for (const name of ['indirect-recursive-1', 'nested-recursive-2']) expect(render(suiteFile(name))(150, 150), name).toEqual([255, 255, 255]);
  });
});
