// The style resolution both vector writers share (resolve.ts), on resvg's own test files and small cases; the
// EPS it leads to judged by Ghostscript's rendering where pixels matter.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { svgToEps } from './eps/eps';
import { resolveXastStyles } from './resolve';
import { parseXast, type XastElement } from './xast';

const suiteFile = (name: string) => readFileSync(path.resolve('src/engines/svg/fixtures/style', `${name}.svg`), 'utf8');
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 200">${body}</svg>`;

function resolved(text: string): XastElement {
  const root = parseXast(text);
  resolveXastStyles(root);
  return root;
}
/** Elements of the resolved tree in document order, as name and attributes. */
function elements(root: XastElement): XastElement[] {
  const out: XastElement[] = [];
  const walk = (el: XastElement) => el.children.forEach((c) => c.type === 'element' && (out.push(c), walk(c)));
  walk(root);
  return out;
}
const byId = (root: XastElement, id: string) => elements(root).find((e) => e.attributes.id === id);

/** Ghostscript's rendering of the EPS at 1.5 px per user unit (the suite's 300 px for 200 units). */
function render(text: string): (x: number, y: number) => number[] {
  const { eps } = svgToEps(text);
  const ppm = execFileSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-dEPSCrop', '-r144', '-sDEVICE=ppmraw', '-sOutputFile=-', '-'], { input: eps, maxBuffer: 1 << 24 });
  const header = /^P6\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 200).toString('latin1'))!;
  const width = Number(header[1]);
  const at = (x: number, y: number) => header[0].length + (y * width + x) * 3;
  return (x, y) => [...ppm.subarray(at(x, y), at(x, y) + 3)];
}
const near = (c: number[], want: number[]) => c.every((v, i) => Math.abs(v - want[i]) <= 10);

describe('style resolved for the vector writers', () => {
  it('replaces inherit by the parent value (painting/fill/inherit)', () => {
    expect(byId(resolved(suiteFile('inherit')), 'rect1')!.attributes.fill).toBe('green');
    // Not inherited, but takes inherit: the parent's own value, or nothing (the initial one).
    const root = resolved(svg('<g opacity="0.5"><rect id="a" opacity="inherit"/><rect/></g><rect id="b" opacity="inherit" style="stop-color:inherit"/>'));
    expect(byId(root, 'a')!.attributes.opacity).toBe('0.5');
    expect(byId(root, 'b')!.attributes).not.toHaveProperty('opacity');
  });

  it('resolves currentColor where it paints, with the colour of the element that paints (it inherits as a keyword)', () => {
    const root = resolved(svg('<g color="red" fill="currentColor" style="stroke:currentColor"><rect id="a" color="blue"/><rect id="b"/></g><stop id="s" color="#0f0" stop-color="currentColor"/>'));
    expect(byId(root, 'a')!.attributes).toMatchObject({ fill: 'blue', stroke: 'blue' });
    expect(byId(root, 'b')!.attributes).toMatchObject({ fill: 'red', stroke: 'red' });
    expect(byId(root, 's')!.attributes['stop-color']).toBe('#0f0');
  });

  it('folds the style attribute into presentation attributes, keeping what is not a property', () => {
    const rect = byId(resolved(svg('<rect id="r" fill="red" style="fill: green !important; cursor: pointer"/>')), 'r')!;
    expect(rect.attributes.fill).toBe('green');
    expect(rect.attributes.style).toBe('cursor:pointer');
  });

  it('instances <use> after the CSS rules, the copy inheriting from the <use> (structure/use/cSS-rules, opacity-inheritance)', () => {
    const css = resolved(suiteFile('cSS-rules'));
    const use = byId(css, 'use1')!;
    expect(use.name).toBe('g');
    // The rule #rect1 { fill: green } beats the red the <use> passes down; the original keeps its id.
    expect((use.children[0] as XastElement).attributes).toMatchObject({ fill: 'green', x: '20' });
    expect(byId(css, 'rect1')).toBeDefined();
    // Opacity 0.5 on the <use> and 0.5 on the rect: one element at 0.25.
    const op = byId(resolved(suiteFile('opacity-inheritance')), 'use1')!;
    expect(op.attributes).not.toHaveProperty('opacity');
    expect((op.children[0] as XastElement).attributes.opacity).toBe('0.25');
    // x and y as a translation after the <use>'s own transform; a <symbol> as a nested <svg> the <use> sizes, its transform ignored.
    const sym = resolved(svg('<symbol id="s" viewBox="0 0 10 10" transform="skewX(30)"><rect width="10" height="10"/></symbol><use id="u" href="#s" x="5" y="6" width="50" transform="scale(2)"/>'));
    expect(byId(sym, 'u')!.attributes.transform).toBe('scale(2) translate(5,6)');
    expect((byId(sym, 'u')!.children[0] as XastElement)).toMatchObject({ name: 'svg', attributes: { viewBox: '0 0 10 10', width: '50', height: '100%' } });
    expect((byId(sym, 'u')!.children[0] as XastElement).attributes).not.toHaveProperty('transform');
    // Inside a clipPath a <g> may not stand: the <use> stays.
    expect(byId(resolved(svg('<rect id="r" width="5" height="5"/><clipPath id="c"><use id="u" href="#r"/></clipPath>')), 'u')!.name).toBe('use');
  });

  it('drops what a browser does not draw: a transform without inverse (structure/transform/zeroed-matrix)', () => {
    const root = resolved(suiteFile('zeroed-matrix'));
    expect(byId(root, 'g1')).toBeUndefined();
    expect(byId(root, 'frame')).toBeDefined();
  });

  it('resolves rect radii in SVG 2 order: auto, then clamped (shapes/rect)', () => {
    expect(byId(resolved(suiteFile('rx-and-ry-attributes-clamping-order')), 'rect2')!.attributes).toMatchObject({ rx: '80', ry: '40' });
    expect(byId(resolved(suiteFile('negative-ry-attribute-resolving')), 'rect2')!.attributes).toMatchObject({ rx: '20', ry: '20' });
  });

  it('reads a paint that names no gradient or pattern as its fallback or none (paint-servers/pattern/child-with-invalid-FuncIRI)', () => {
    const root = resolved(svg('<pattern id="p" width="20" height="20"><rect id="a" width="10" height="10" fill="url(#missing)"/></pattern><rect id="b" width="5" height="5" fill="url(#missing) green" stroke="url(#b)"/><rect id="c" width="5" height="5" fill="url(#p)"/>'));
    expect(byId(root, 'a')!.attributes.fill).toBe('none');
    expect(byId(root, 'b')!.attributes).toMatchObject({ fill: 'green', stroke: 'none' });
    expect(byId(root, 'c')!.attributes.fill).toBe('url(#p)');
  });

  it('writes url() paint plainly, without the spaces inside it (structure/svg/funcIRI-parsing)', () => {
    const root = resolved(svg('<linearGradient id="lg"><stop offset="0" stop-color="white"/></linearGradient><rect id="r" width="5" height="5" fill="  url(  #lg   )  " stroke="url( #lg ) red"/>'));
    expect(byId(root, 'r')!.attributes).toMatchObject({ fill: 'url(#lg)', stroke: 'url(#lg) red' });
  });

  it('puts fill-opacity and stroke-opacity on what paints, not on groups (structure/use/complex-style-resolving-order)', () => {
    const root = resolved(svg('<defs><rect id="r" width="9" height="9" fill-opacity="1"/></defs><g id="g" stroke-opacity="0.5"><use id="u" href="#r" fill-opacity="0"/><circle id="c" r="3"/></g>'));
    expect(byId(root, 'g')!.attributes['stroke-opacity']).toBeUndefined();
    expect(byId(root, 'c')!.attributes).toMatchObject({ 'stroke-opacity': '0.5' });
    const instance = elements(root).find((e) => e.name === 'g' && e.children.some((c) => c.type === 'element' && c.name === 'rect'))!;
    expect(instance.attributes['fill-opacity']).toBeUndefined();
    expect((instance.children[0] as XastElement).attributes).toMatchObject({ 'fill-opacity': '1', 'stroke-opacity': '0.5' });
  });

  it("folds a pattern's href chain into it: the attributes it lacks, the children when it has none (paint-servers/pattern/*-via-xlink-href)", () => {
    const root = resolved(
      svg(
        '<pattern id="base" patternUnits="userSpaceOnUse" width="20" height="40"><rect id="kid" width="10" height="10"/></pattern>' +
          '<pattern id="mid" xlink:href="#base" height="20"/><pattern id="top" href="#mid" x="3"/><pattern id="own" href="#base"><circle r="2"/></pattern>' +
          '<pattern id="loop1" href="#loop2" width="1"/><pattern id="loop2" href="#loop1" height="1"/>',
      ),
    );
    const top = byId(root, 'top')!;
    expect(top.attributes).toEqual({ id: 'top', x: '3', height: '20', patternUnits: 'userSpaceOnUse', width: '20' });
    expect(top.children.filter((c) => c.type === 'element').map((c) => (c as XastElement).name)).toEqual(['rect']);
    expect((top.children.find((c) => c.type === 'element') as XastElement).attributes).not.toHaveProperty('id');
    expect(byId(root, 'own')!.children.filter((c) => c.type === 'element').map((c) => (c as XastElement).name)).toEqual(['circle']);
    expect(byId(root, 'loop1')!.attributes).toEqual({ id: 'loop1', width: '1', height: '1' });
  });

  it("reads context-fill and context-stroke inside a <use> as the <use>'s colours; a gradient or pattern keeps the <use> (painting/context)", () => {
    const body = '<linearGradient id="lg"/><g id="g1"><rect id="r" width="5" height="5" fill="context-stroke" stroke="context-fill"/><g fill="context-fill"><circle id="c" r="2"/></g></g>';
    const root = resolved(svg(`${body}<g stroke="blue"><use id="u" href="#g1" fill="green"/></g>`));
    const instance = byId(root, 'u')!;
    expect(instance.name).toBe('g');
    const [rect, circle] = elements(instance).filter((e) => e.name === 'rect' || e.name === 'circle');
    expect(rect.attributes).toMatchObject({ fill: 'blue', stroke: 'green' });
    expect(circle.attributes.fill).toBe('green');
    expect(byId(resolved(svg(`${body}<use id="u" href="#g1" fill="url(#lg)"/>`)), 'u')!.name).toBe('use');
    expect(byId(resolved(svg(`${body}<g stroke="url(#lg)"><use id="u" href="#g1"/></g>`)), 'u')!.name).toBe('use');
  });

  it.runIf(existsSync('/usr/bin/gs'))('EPS draws what the browser does (Ghostscript)', () => {
    // cSS-rules: a green square (it drew nothing: svgo's inlineStyles took the id the <use> points at).
    expect(render(suiteFile('cSS-rules'))(150, 150)).toSatisfy((c: number[]) => near(c, [0, 128, 0]));
    // with-transform: the symbol's skew ignored, so the square's lower left corner is green.
    expect(render(suiteFile('with-transform'))(40, 260)).toSatisfy((c: number[]) => near(c, [0, 128, 0]));
    // opacity-inheritance: green at 0.25 on white.
    expect(render(suiteFile('opacity-inheritance'))(150, 150)).toSatisfy((c: number[]) => near(c, [191, 223, 191]));
  });
});
