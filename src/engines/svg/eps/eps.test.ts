import { unzlibSync } from 'fflate';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { svgToEps } from './eps';
import { standardString } from './text';
import { ascii85, finishEps } from './raster';
import { parseTransform } from './paint';
import { parseColor } from './paint.testing';
import { parsePath } from './path';

const fixture = (name: string) => readFileSync(path.resolve('src/engines/svg/fixtures', name), 'utf8');
function decodeAscii85(text: string): Uint8Array {
  const out: number[] = [];
  const body = text.replace(/~>$/, '').replace(/\s+/g, '');
  let group: number[] = [];
  const flush = (count: number) => {
    const padded = [...group, ...Array<number>(5 - group.length).fill(84)];
    let v = 0;
    for (const d of padded) v = v * 85 + d;
    const bytes = [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
    out.push(...bytes.slice(0, count));
    group = [];
  };
  for (const ch of body) {
    if (ch === 'z') out.push(0, 0, 0, 0);
    else {
      group.push(ch.charCodeAt(0) - 33);
      if (group.length === 5) flush(4);
    }
  }
  if (group.length) flush(group.length - 1);
  return new Uint8Array(out);
}

const ALL = ['icon-camera.svg', 'logo-solid.svg', 'graph-dot.svg', 'chart-bars.svg', 'gradient-transform.svg', 'text-card.svg', 'effects.svg'];

describe('EPS writer', () => {
  it('parses path data to absolute segments, arcs and quadratics to cubics', () => {
    expect(parsePath('M10 10 h5 v5 l-5 0 z')).toEqual([
      { op: 'M', x: 10, y: 10 }, { op: 'L', x: 15, y: 10 }, { op: 'L', x: 15, y: 15 }, { op: 'L', x: 10, y: 15 }, { op: 'Z' },
    ]);
    const arc = parsePath('M0 0 A10 10 0 0 1 20 0');
    expect(arc).toHaveLength(3); // moveto + two quarter circles
    expect(arc[2]).toMatchObject({ op: 'C', x: 20 });
    expect((arc[2] as { y: number }).y).toBeCloseTo(0, 9);
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
    expect(standardString('a (b) \\ — é')).toBe('(a \\(b\\) \\\\ \\320 ?)');
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
    // The two gradient fills (sky rect, sun circle) become raster requests; the browser renders them. So do the
    // translucent hills and cloud, which lie over the sky: PostScript would mix them with white, not with the sky.
    expect(cm.approximations).toEqual([]);
    expect(cm.rasters.map((r) => r.reason)).toEqual(['gradient', 'gradient', 'translucent', 'translucent', 'translucent']);
    expect(cm.eps.match(/^%LK-RASTER \d+$/gm)).toEqual([0, 1, 2, 3, 4].map((i) => `%LK-RASTER ${i}`));
    // The sun group, 7 rotated rays (the first has no transform), the skewed hills' group (the cloud is an image).
    expect(cm.eps.match(/ concat/g)).toHaveLength(1 + 7 + 1);
    // The sky: nothing before it, the 4 top-level parts after it hidden. The sun: the 8 rays before it stay in
    // "upTo" (they lie under it), everything but it and its group is hidden in "only".
    const hidden = (svg: string) => svg.match(/display:none!important/g)?.length ?? 0;
    expect([hidden(cm.rasters[0].upTo), hidden(cm.rasters[0].only)]).toEqual([4, 4]);
    expect([hidden(cm.rasters[1].upTo), hidden(cm.rasters[1].only)]).toEqual([3, 1 + 8 + 3]);
    expect(cm.rasters[1].only).toContain('<radialGradient id="sun"');
  });

  it('asks for a rendering of each filtered, clipped, masked or image element and keeps the rest vector', () => {
    const fx = svgToEps(fixture('effects.svg'));
    expect(fx.rasters.map((r) => r.reason)).toEqual(['filter', 'clip', 'mask', 'image']);
    expect(fx.approximations).toEqual([]);
    // The background and the line stay vector paths.
    expect(fx.eps.match(/ fill$/gm)).toHaveLength(1);
    expect(fx.eps.match(/ stroke$/gm)).toHaveLength(1);
  });

  it('embeds a rendered part as an RGB image at its place, deflated ASCII85 data of width × height × 3 bytes', () => {
    const cm = svgToEps(fixture('gradient-transform.svg'));
    const rgb = new Uint8Array(40 * 25 * 3).map((_, i) => (i * 7) % 256);
    const eps = finishEps(cm.eps, [{ rgb, width: 40, height: 25, x: 10, y: 20.5, w: 30, h: 18.75 }, undefined]);
    expect(eps).not.toContain('%LK-RASTER');
    expect(eps).toContain('%%BoundingBox: 0 0 284 171');
    expect(eps).toContain('/LKbase matrix currentmatrix def');
    expect(eps).toContain('gsave LKbase setmatrix 10 20.5 translate 30 18.75 scale /DeviceRGB setcolorspace');
    expect(eps).toContain('<< /ImageType 1 /Width 40 /Height 25 /BitsPerComponent 8 /Decode [0 1 0 1 0 1] /ImageMatrix [40 0 0 -25 0 25] /DataSource currentfile /ASCII85Decode filter /FlateDecode filter >> image');
    expect(eps).toContain('%%LanguageLevel: 3');
    expect(finishEps(cm.eps, [undefined, undefined])).toContain('%%LanguageLevel: 2');
    const data = /FlateDecode filter >> image\n([\s\S]*?~>)/.exec(eps)![1];
    expect(data.split('\n').every((line) => !line.startsWith('%') && line.length <= 65)).toBe(true);
    const decoded = unzlibSync(decodeAscii85(data));
    expect(decoded.length).toBe(40 * 25 * 3);
    expect([...decoded]).toEqual([...rgb]);
    expect(eps.match(/\bgsave\b/g)!.length).toBe(eps.match(/\bgrestore\b/g)!.length);
    expect(ascii85(new Uint8Array([0, 0, 0, 0, 1]))).toBe('z!<\n~>');
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
  }, 60_000);

  it.runIf(existsSync('/usr/bin/gs'))('a file name cannot run PostScript: the form-feed payload of issue 25.3 stays a comment in Ghostscript -dSAFER', () => {
    const name = 'logo\f(\n*** PostScript from the file name ran ***\n) print flush /fill {newpath} def %.svg';
    const { eps } = svgToEps('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#000"/></svg>', name);
    expect(eps.split('\n')[3]).toMatch(/^%%Title: [\x20-\x7e]*$/);
    const run = (device: string) => execFileSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-dEPSCrop', '-r72', `-sDEVICE=${device}`, '-sOutputFile=-', '-'], { input: eps, maxBuffer: 1 << 24 });
    expect(run('bbox').toString('latin1')).not.toMatch(/ran/);
    // The drawing keeps its fill (the payload redefined fill as newpath): the square is black.
    const ppm = run('ppmraw');
    const pixels = ppm.subarray(ppm.length - 10 * 10 * 3);
    expect(Math.max(...pixels)).toBe(0);
  });

  it.runIf(existsSync('/usr/bin/gs'))('Ghostscript paints an embedded image exactly at its bounds (when Ghostscript is installed)', () => {
    // A 4 × 2 px image (left half red, right half blue) placed at x 100–200 pt, y 50–100 pt of the 284 × 171 pt page.
    const rgb = new Uint8Array(4 * 2 * 3);
    for (let i = 0; i < 8; i++) rgb.set(i % 4 < 2 ? [255, 0, 0] : [0, 0, 255], i * 3);
    const eps = finishEps(svgToEps(fixture('gradient-transform.svg')).eps, [{ rgb, width: 4, height: 2, x: 100, y: 50, w: 100, h: 50 }]);
    const ppm = execFileSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-dEPSCrop', '-r72', '-sDEVICE=ppmraw', '-sOutputFile=-', '-'], { input: eps, maxBuffer: 1 << 24 });
    const header = /^P6\s+(?:#[^\n]*\n)*(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 200))!;
    const [W, H] = [Number(header[1]), Number(header[2])];
    expect([W, H]).toEqual([283, 170]); // -dEPSCrop uses the HiResBoundingBox, 283.46 × 170.08
    const at = (x: number, yUp: number) => {
      const o = header[0].length + ((H - 1 - yUp) * W + x) * 3;
      return [...ppm.subarray(o, o + 3)];
    };
    expect(at(110, 60)).toEqual([255, 0, 0]);
    expect(at(190, 90)).toEqual([0, 0, 255]);
    expect(at(95, 60)).not.toEqual([255, 0, 0]); // left of the image: the vector drawing (the sky has no raster here)
    expect(at(110, 105)).not.toEqual([255, 0, 0]);
  });
});
