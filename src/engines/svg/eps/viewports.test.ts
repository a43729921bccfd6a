// The EPS writer's viewports, paint order, dashes, transform-origin, <use> cycles and markers, judged by
// Ghostscript's rendering (a program we did not write) where pixels matter.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { svgToEps } from './eps';

/** Ghostscript's rendering at 96 dpi (one pixel per CSS px) as a colour lookup. */
function render(svg: string): (x: number, y: number) => [number, number, number] {
  const { eps } = svgToEps(svg);
  const ppm = execFileSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-dEPSCrop', '-r96', '-sDEVICE=ppmraw', '-sOutputFile=-', '-'], { input: eps, maxBuffer: 1 << 24 });
  // P6, optional comment lines, width height, 255, one white-space byte, then the pixels.
  const header = /^P6\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 200).toString('latin1'))!;
  const width = Number(header[1]);
  const start = header[0].length;
  return (x, y) => {
    const i = start + (y * width + x) * 3;
    return [ppm[i], ppm[i + 1], ppm[i + 2]];
  };
}

const GREEN: [number, number, number] = [0, 128, 0];
const WHITE: [number, number, number] = [255, 255, 255];
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]) <= 8);
const svg = (body: string, root = 'width="200" height="200"') => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${root}>${body}</svg>`;

describe.runIf(existsSync('/usr/bin/gs'))('EPS writer, drawn by Ghostscript', () => {
  it('paints the stroke under the fill with paint-order: stroke', () => {
    const rect = (order: string) => svg(`<rect x="50" y="50" width="100" height="100" fill="green" stroke="red" stroke-width="20" paint-order="${order}"/>`);
    // 5 px inside the edge: the stroke's inner half, covered by the fill only when the stroke goes first.
    expect(render(rect('stroke'))(55, 100)).toSatisfy((c: number[]) => near(c, GREEN));
    expect(render(rect('normal'))(55, 100)).toSatisfy((c: number[]) => near(c, [255, 0, 0]));
  });

  it('blends a translucent stroke with the fill under its inner half, and a translucent fill with the stroke under it', () => {
    // Green at 0.5 over grey (128) inside the fill, over white outside it: as a browser composites them.
    const over = (fg: number[], a: number, bg: number[]) => fg.map((v, i) => v * a + bg[i] * (1 - a));
    const at = render(svg('<rect x="50" y="50" width="100" height="100" fill="gray" stroke="green" stroke-opacity="0.5" stroke-width="40"/>'));
    expect(at(60, 100)).toSatisfy((c: number[]) => near(c, over(GREEN, 0.5, [128, 128, 128])));
    expect(at(40, 100)).toSatisfy((c: number[]) => near(c, over(GREEN, 0.5, WHITE)));
    expect(at(100, 100)).toSatisfy((c: number[]) => near(c, [128, 128, 128]));
    const under = render(svg('<rect x="50" y="50" width="100" height="100" fill="blue" fill-opacity="0.5" stroke="green" stroke-width="40" paint-order="stroke" opacity="0.5"/>'));
    // The group opacity applies to what fill and stroke make together.
    expect(under(60, 100)).toSatisfy((c: number[]) => near(c, over(over([0, 0, 255], 0.5, GREEN), 0.5, WHITE)));
    expect(under(100, 100)).toSatisfy((c: number[]) => near(c, over([0, 0, 255], 0.25, WHITE)));
  });

  it('draws a nested <svg> in its viewport: viewBox scaled, the rest clipped', () => {
    const at = render(svg('<svg x="50" y="50" width="100" height="100" viewBox="0 0 10 10"><rect width="10" height="10" fill="green"/><rect x="10" width="10" height="10" fill="red"/></svg>'));
    expect(at(100, 100)).toSatisfy((c: number[]) => near(c, GREEN));
    expect(at(170, 100)).toSatisfy((c: number[]) => near(c, WHITE));
  });

  it('resolves percentages against the nearest viewport', () => {
    const at = render(svg('<svg x="0" y="0" width="100" height="100" viewBox="0 0 50 50"><rect x="50%" y="50%" width="50%" height="50%" fill="green"/></svg>'));
    expect(at(75, 75)).toSatisfy((c: number[]) => near(c, GREEN));
    expect(at(25, 25)).toSatisfy((c: number[]) => near(c, WHITE));
    expect(at(150, 150)).toSatisfy((c: number[]) => near(c, WHITE));
  });

  it('shows a <symbol> through <use> with the use’s size', () => {
    const at = render(svg('<symbol id="s" viewBox="0 0 10 10"><rect width="10" height="10" fill="green"/></symbol><use href="#s" x="20" y="20" width="40" height="40"/>'));
    expect(at(40, 40)).toSatisfy((c: number[]) => near(c, GREEN));
    expect(at(80, 80)).toSatisfy((c: number[]) => near(c, WHITE));
  });

  it('draws nothing for a <use> that refers to an element it sits in (the rest once)', () => {
    const at = render(svg('<g id="g1"><use xlink:href="#g1" x="20" y="20"/><rect x="20" y="20" width="160" height="160" fill="green" opacity="0.5"/></g>'));
    // Half-transparent green over white, once: (128, 191, 128); a second copy would darken it.
    expect(at(100, 100)).toSatisfy((c: number[]) => near(c, [128, 191, 128]));
  });

  it('applies transform-origin, keywords and lengths', () => {
    const at = render(svg('<rect width="100" height="100" fill="green" transform="scale(0.5)" transform-origin="200 200"/>'));
    // 0–100 scaled by half about (200, 200): 100–150.
    expect(at(125, 125)).toSatisfy((c: number[]) => near(c, GREEN));
    expect(at(50, 50)).toSatisfy((c: number[]) => near(c, WHITE));
    // Turned half round the middle of the 200 × 200 viewport: from the top left corner to the bottom right.
    const turned = render(svg('<rect width="50" height="50" fill="green" transform="rotate(180)" transform-origin="center"/>'));
    expect(turned(175, 175)).toSatisfy((c: number[]) => near(c, GREEN));
    expect(turned(25, 25)).toSatisfy((c: number[]) => near(c, WHITE));
  });

  it('reads elements named with a prefix bound to the SVG namespace (<svg:svg>, <svg:rect>)', () => {
    const at = render('<svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="200" height="200"><svg:rect width="100" height="100" fill="green"/></svg:svg>');
    expect(at(50, 50)).toSatisfy((c: number[]) => near(c, GREEN));
    expect(at(150, 150)).toSatisfy((c: number[]) => near(c, WHITE));
  });

  it('places the root viewBox as preserveAspectRatio says (slice)', () => {
    const at = render(svg('<rect width="100" height="50" fill="green"/><rect y="50" width="100" height="50" fill="red"/>', 'width="200" height="100" viewBox="0 0 100 100" preserveAspectRatio="xMinYMin slice"'));
    expect(at(100, 90)).toSatisfy((c: number[]) => near(c, GREEN));
    expect(at(10, 10)).toSatisfy((c: number[]) => near(c, GREEN));
  });
});

describe('EPS writer output', () => {
  const dashOf = (attrs: string) => /\[([^\]]*)\] (\S+) setdash/.exec(svgToEps(svg(`<line x1="10" y1="10" x2="190" y2="10" stroke="green" stroke-width="4" font-size="10" ${attrs}/>`)).eps)!.slice(1, 3);

  it('reads dash lengths as SVG does: units, a negative value or all zeros make a solid line, odd lists repeat', () => {
    expect(dashOf('stroke-dasharray="2em 1em"')).toEqual(['20 10', '0']);
    expect(dashOf('stroke-dasharray="20 40 -20"')).toEqual(['', '0']);
    expect(dashOf('stroke-dasharray="0 0"')).toEqual(['', '0']);
    expect(dashOf('stroke-dasharray="5, 10, 15" stroke-dashoffset="3"')).toEqual(['5 10 15 5 10 15', '3']);
  });

  it('starts a circle at its rightmost point, clockwise (where a dash pattern begins)', () => {
    const { eps } = svgToEps(svg('<circle cx="100" cy="100" r="60" fill="none" stroke="green" stroke-dasharray="10 20"/>'));
    expect(eps).toMatch(/newpath\n160 100 m\n/);
  });

  it('takes an ellipse’s missing or negative radius from the other one (SVG 2 auto)', () => {
    const { eps } = svgToEps(svg('<ellipse cx="100" cy="100" rx="50" ry="-20" fill="green"/>'));
    expect(eps).toMatch(/newpath\n150 100 m\n/);
    expect(svgToEps(svg('<ellipse cx="100" cy="100" rx="-1" ry="-1" fill="green"/>')).eps).not.toMatch(/newpath/);
  });

  it('has the browser draw lines with markers, and nothing for context paint outside a marker', () => {
    const marked = svgToEps(svg('<marker id="m" markerWidth="4" markerHeight="4"><path d="M0 0L4 2L0 4z"/></marker><g marker-end="url(#m)"><path d="M10 10L100 100" stroke="black"/></g>'));
    expect(marked.rasters.map((r) => r.reason)).toEqual(['marker']);
    const context = svgToEps(svg('<rect x="20" y="20" width="160" height="160" fill="context-fill" stroke="context-stroke"/>'));
    expect(context.eps).not.toMatch(/newpath/);
  });

  it('reads url( #id ) with spaces inside', () => {
    const { rasters } = svgToEps(svg('<linearGradient id="lg1"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient><rect width="100" height="100" fill="  url(  #lg1   )  "/>'));
    expect(rasters.map((r) => r.reason)).toEqual(['gradient']);
  });
});
