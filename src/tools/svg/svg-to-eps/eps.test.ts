import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { svgToEps, psString } from './eps';
import { parseColor, parseTransform } from './paint';
import { parsePath } from './path';

const fixture = (name: string) => readFileSync(path.resolve('src/engines/svg/fixtures', name), 'utf8');
const ALL = ['icon-camera.svg', 'logo-solid.svg', 'graph-dot.svg', 'chart-bars.svg', 'gradient-transform.svg', 'text-card.svg'];

describe('EPS writer', () => {
  it('parses path data to absolute segments, arcs and quadratics to cubics', () => {
    expect(parsePath('M10 10 h5 v5 l-5 0 z')).toEqual([
      { op: 'M', x: 10, y: 10 }, { op: 'L', x: 15, y: 10 }, { op: 'L', x: 15, y: 15 }, { op: 'L', x: 10, y: 15 }, { op: 'Z' },
    ]);
    const arc = parsePath('M0 0 A10 10 0 0 1 20 0');
    expect(arc).toHaveLength(3); // moveto + two quarter circles
    expect(arc[2]).toMatchObject({ op: 'C', x: 20, y: 0 });
    const mid = arc[1] as { x: number; y: number };
    expect(mid.x).toBeCloseTo(10, 6);
    expect(mid.y).toBeCloseTo(-10, 6); // sweep 1 from left to right goes up in y-down space
    expect(parsePath('M0 0a1 1 0 01 2 0')).toHaveLength(3); // flags without separators
    const q = parsePath('M0 0 Q 10 10 20 0')[1] as { x1: number; y1: number; x: number };
    expect(q.x1).toBeCloseTo(20 / 3, 9);
    expect(q.y1).toBeCloseTo(20 / 3, 9);
    expect(q.x).toBe(20);
  });

  it('reads colours and transforms', () => {
    expect(parseColor('#f80')).toEqual([1, 0x88 / 255, 0]);
    expect(parseColor('rgb(255, 0, 51)')).toEqual([1, 0, 0.2]);
    expect(parseColor('navy')).toEqual([0, 0, 128 / 255]);
    expect(parseColor('none')).toBeUndefined();
    const r = parseTransform('rotate(90 10 10)');
    expect(r.map((v) => Math.round(v * 1e9) / 1e9)).toEqual([0, 1, -1, 0, 20, 0]);
    expect(parseTransform('translate(4 184) scale(2)')).toEqual([2, 0, 0, 2, 4, 184]);
  });

  it('escapes PostScript strings', () => {
    expect(psString('a (b) \\ — é')).toBe('(a \\(b\\) \\\\ \\320 ?)');
  });

  it('writes a well-formed EPS header with the bounding box of the SVG size in points', () => {
    const dot = svgToEps(fixture('graph-dot.svg'), 'graph');
    const lines = dot.eps.split('\n');
    expect(lines[0]).toBe('%!PS-Adobe-3.0 EPSF-3.0');
    expect(lines[1]).toBe('%%BoundingBox: 0 0 170 188');
    expect(lines[2]).toBe('%%HiResBoundingBox: 0 0 170 188');
    expect(dot.eps.trimEnd().endsWith('showpage\n%%EOF')).toBe(true);
    // Every graphviz shape is there: 4 nodes (3 ellipses, 1 box), 4 edges with arrowheads, the background.
    expect(dot.eps.match(/ fill/g)!.length).toBeGreaterThanOrEqual(1 + 4 + 2);
    expect(dot.eps.match(/ stroke$/gm)!.length).toBe(3 + 1 + 4 + 4);
    expect(dot.eps.match(/ show grestore/g)).toHaveLength(4);
    expect(dot.eps).toContain('(engines) dup stringwidth pop 2 div neg 0 rmoveto show');
    expect(dot.eps).toContain('/Times-Roman findfont 14 scalefont');
    expect(dot.approximations).toEqual(['font']);
    // The node fill #dbeafe.
    expect(dot.eps).toContain(`${[0xdb, 0xea, 0xfe].map((v) => Math.round((v / 255) * 1000) / 1000).join(' ')} setrgbcolor`);
    // Balanced graphics state.
    expect(dot.eps.match(/\bgsave\b/g)!.length).toBe(dot.eps.match(/\bgrestore\b/g)!.length);

    const cm = svgToEps(fixture('gradient-transform.svg'));
    expect(cm.eps).toContain('%%BoundingBox: 0 0 284 171'); // 10cm × 6cm = 283.46 × 170.08 pt
    expect(cm.approximations).toEqual(['gradient', 'opacity']);
    // The sun group, 7 rotated rays (the first has no transform), the skewed hills, the cloud.
    expect(cm.eps.match(/ concat/g)).toHaveLength(1 + 7 + 1 + 1);
  });

  it('converts every fixture with balanced gsave/grestore and only PostScript operators', () => {
    for (const name of ALL) {
      const { eps } = svgToEps(fixture(name));
      expect(eps.match(/\bgsave\b/g)!.length, name).toBe(eps.match(/\bgrestore\b/g)!.length);
      expect(eps, name).not.toMatch(/NaN|undefined|Infinity/);
    }
  });

  it.runIf(existsSync('/usr/bin/gs'))('renders in Ghostscript without an error (when Ghostscript is installed)', () => {
    for (const name of ALL) {
      const { eps } = svgToEps(fixture(name));
      const out = execFileSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-dEPSCrop', '-sDEVICE=bbox', '-'], { input: eps, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
      expect(out, name).not.toMatch(/Error/);
    }
  });
});
