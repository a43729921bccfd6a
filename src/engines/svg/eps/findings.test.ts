// Issue 12's EPS findings: named, hsl(), currentColor and percentage colours; exponent path numbers;
// text the standard PostScript fonts cannot show; <switch>.
import { describe, expect, it } from 'vitest';
import { svgToEps } from './eps';
import { parseColor } from './paint.testing';
import { parsePath, zeroLengthSubpaths } from './path';

const svg = (body: string, attrs = 'width="100" height="100"') => `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`;
const rgbOf = (eps: string) => [...eps.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) setrgbcolor/g)].map((m) => [1, 2, 3].map((i) => Number(m[i])));

describe('EPS colours (culori)', () => {
  it('reads every CSS colour form, not only hex and a few names', () => {
    expect(parseColor('darkorange')).toEqual([1, 140 / 255, 0]);
    expect(parseColor('lightblue')).toEqual([173 / 255, 216 / 255, 230 / 255]);
    expect(parseColor('rebeccapurple')).toEqual([102 / 255, 51 / 255, 153 / 255]);
    expect(parseColor('hsl(120, 100%, 25%)')!.map((v) => Math.round(v * 255))).toEqual([0, 128, 0]);
    expect(parseColor('rgb(100%, 50%, 0%)')).toEqual([1, 0.5, 0]);
    expect(parseColor('RGB(255 0 0 / 50%)')).toEqual([1, 0, 0]);
    expect(parseColor('#0f08')).toEqual([0, 1, 0]);
    expect(parseColor('transparent')).toBeUndefined();
    expect(parseColor('not-a-colour')).toBeUndefined();
  });
  it('paints named, hsl(), percentage and currentColor fills in their colour, not black', () => {
    const { eps } = svgToEps(
      svg(
        '<rect width="10" height="10" fill="darkorange"/><rect y="10" width="10" height="10" fill="hsl(240, 100%, 50%)"/>' +
          '<rect y="20" width="10" height="10" fill="rgb(0%, 100%, 0%)"/><g color="lightblue"><rect y="30" width="10" height="10" fill="currentColor"/></g>' +
          '<rect y="40" width="10" height="10" style="fill: rgba(255, 0, 0, 0.5)"/>',
      ),
    );
    expect(rgbOf(eps)).toEqual([
      [1, 0.549, 0],
      [0, 0, 1],
      [0, 1, 0],
      [0.678, 0.847, 0.902],
      [1, 0.5, 0.5], // half-transparent red over the white page
    ]);
  });
  it('reads opacities written as percentages (SVG 2)', () => {
    const { eps } = svgToEps(svg('<rect width="10" height="10" fill="black" fill-opacity="50%"/>'));
    expect(rgbOf(eps)).toEqual([[0.5, 0.5, 0.5]]);
  });
  it('ignores an invalid fill (inherits) instead of painting black', () => {
    const { eps } = svgToEps(svg('<g fill="green"><rect width="10" height="10" fill="bogus"/></g>'));
    expect(rgbOf(eps)).toEqual([[0, 0.502, 0]]);
  });
});

describe('EPS path data (svgpath)', () => {
  it('reads numbers in exponent form, upper or lower case', () => {
    expect(parsePath('M1E1 2L3e-1,4 l.5e1 0')).toEqual([
      { op: 'M', x: 10, y: 2 },
      { op: 'L', x: 0.3, y: 4 },
      { op: 'L', x: 5.3, y: 4 },
    ]);
  });
  it('draws a path up to its first error, as browsers do', () => {
    expect(parsePath('M0 0 L10 0 L 10')).toEqual([
      { op: 'M', x: 0, y: 0 },
      { op: 'L', x: 10, y: 0 },
    ]);
  });
});

describe('EPS text beyond the standard fonts', () => {
  it('asks the browser to draw Chinese and Japanese text as an image in place, never as "???"', () => {
    const r = svgToEps(svg('<text x="10" y="50">中文字体</text><text x="10" y="80">Latin</text><text x="10" y="90">日本語のテキスト</text>'));
    expect(r.eps).not.toMatch(/\(\?+\)/);
    expect(r.rasters.map((x) => x.reason)).toEqual(['text', 'text']);
    expect(r.eps).toContain('(Latin) show');
  });
});

describe('EPS <switch>', () => {
  it('draws only the first child whose conditions pass', () => {
    const r = svgToEps(
      svg('<switch><rect width="10" height="10" fill="red" requiredExtensions="http://example.org/x"/><rect width="10" height="10" fill="lime"/><rect width="10" height="10" fill="blue"/></switch>'),
    );
    expect(rgbOf(r.eps)).toEqual([[0, 1, 0]]);
  });
});

describe('EPS of a drawing with a filter on its root (filters/filter/on-the-root-svg)', () => {
  it('asks the browser for the whole drawing as one part, at the file’s own size', () => {
    const r = svgToEps('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" filter="url(#f)"><filter id="f"><feGaussianBlur stdDeviation="4"/></filter><rect width="9" height="9" fill="green"/></svg>');
    expect(r.rasters).toHaveLength(1);
    expect(r.rasters[0]).toMatchObject({ reason: 'filter', scale: 1 });
    expect(r.rasters[0].only).toContain('<rect');
    expect(r.eps).not.toMatch(/setrgbcolor/);
  });
});

describe('EPS translucency over what was painted before (filters/enable-background/with-opacity-4)', () => {
  it('mixes a translucent shape with white where nothing lies under it, and has the browser draw it where something may', () => {
    // A half-opaque group: its green rect lies on white; its blue rect overlaps the green one.
    const { eps, rasters } = svgToEps(
      svg('<g opacity="0.5"><rect x="20" y="20" width="60" height="60" fill="green"/><rect x="30" y="30" width="60" height="60" fill="blue" opacity="0.5"/></g>'),
    );
    expect(rgbOf(eps)).toEqual([[0.5, 0.751, 0.5]]);
    expect(rasters.map((r) => r.reason)).toEqual(['translucent']);
  });
  it('tracks transforms, viewports and the stroke: a shape moved clear of the others stays vector', () => {
    const moved = svgToEps(svg('<rect width="40" height="40"/><rect width="40" height="40" fill-opacity="0.5" transform="translate(50 0)"/>'));
    expect(moved.rasters).toEqual([]);
    const stroked = svgToEps(svg('<rect width="40" height="40"/><rect x="45" width="40" height="40" fill="none" stroke="red" stroke-width="20" stroke-opacity="0.5"/>'));
    expect(stroked.rasters.map((r) => r.reason)).toEqual(['translucent']);
    const nested = svgToEps(svg('<rect width="40" height="40"/><svg x="50" width="50" height="50" viewBox="0 0 10 10"><rect width="10" height="10" opacity="0.5"/></svg>'));
    expect(nested.rasters).toEqual([]);
    const scaled = svgToEps(svg('<rect width="40" height="40"/><svg width="100" height="100" viewBox="0 0 10 10"><rect x="3.5" width="5" height="5" opacity="0.5"/></svg>'));
    expect(scaled.rasters.map((r) => r.reason)).toEqual(['translucent']);
  });
});

describe('zero-length subpaths with square caps (painting/stroke-linecap/zero-length-path-with-square)', () => {
  it('finds subpaths that never leave their start, by lines or curves', () => {
    expect(zeroLengthSubpaths('M 100 70 L 100 70')).toEqual([{ x: 100, y: 70 }]);
    expect(zeroLengthSubpaths('M 70 100 L 70 100 M 130 100 l 0 0 0 0')).toEqual([
      { x: 70, y: 100 },
      { x: 130, y: 100 },
    ]);
    expect(zeroLengthSubpaths('M 5 5 C 5 5 5 5 5 5 Z')).toEqual([{ x: 5, y: 5 }]);
    // A lone moveto draws nothing; a line that goes somewhere, or a curve whose control point does, has length.
    expect(zeroLengthSubpaths('M 5 5')).toEqual([]);
    expect(zeroLengthSubpaths('M 5 5 L 6 5 L 5 5')).toEqual([]);
    expect(zeroLengthSubpaths('M 5 5 C 9 9 5 5 5 5')).toEqual([]);
  });
  it('paints the square cap PostScript leaves out, in the stroke colour, the stroke width across', () => {
    const { eps } = svgToEps(svg('<path d="M 50 20 L 50 20" stroke="#008000" stroke-width="20" stroke-linecap="square"/>'));
    expect(eps).toContain('0 0.502 0 setrgbcolor 40 10 20 20 rectfill');
    const round = svgToEps(svg('<path d="M 50 20 L 50 20" stroke="#008000" stroke-width="20" stroke-linecap="round"/>'));
    expect(round.eps).not.toContain('rectfill');
  });
});
