// Colours and matrices for the EPS writer.

export type Rgb = [number, number, number];
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

const NAMED: Record<string, string> = {
  black: '#000000', white: '#ffffff', red: '#ff0000', green: '#008000', blue: '#0000ff', yellow: '#ffff00', orange: '#ffa500',
  purple: '#800080', gray: '#808080', grey: '#808080', silver: '#c0c0c0', maroon: '#800000', navy: '#000080', teal: '#008080',
  olive: '#808000', lime: '#00ff00', aqua: '#00ffff', cyan: '#00ffff', fuchsia: '#ff00ff', magenta: '#ff00ff', pink: '#ffc0cb',
  brown: '#a52a2a', gold: '#ffd700', indigo: '#4b0082', violet: '#ee82ee', darkgray: '#a9a9a9', darkgrey: '#a9a9a9',
  lightgray: '#d3d3d3', lightgrey: '#d3d3d3', darkblue: '#00008b', darkgreen: '#006400', darkred: '#8b0000', skyblue: '#87ceeb',
  steelblue: '#4682b4', tomato: '#ff6347', coral: '#ff7f50', salmon: '#fa8072', crimson: '#dc143c', beige: '#f5f5dc',
};

/** A CSS colour as 0–1 RGB; undefined for none/transparent; unknown colours fall back to black. */
export function parseColor(value: string | undefined): Rgb | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'none' || v === 'transparent') return undefined;
  const hex = NAMED[v] ?? v;
  let m = /^#([0-9a-f]{3})$/.exec(hex);
  if (m) return [...m[1]].map((c) => parseInt(c + c, 16) / 255) as Rgb;
  m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/.exec(hex);
  if (m) return [0, 2, 4].map((i) => parseInt(m![1].slice(i, i + 2), 16) / 255) as Rgb;
  const rgb = /^rgba?\(\s*([\d.]+)(%?)[\s,]+([\d.]+)(%?)[\s,]+([\d.]+)(%?)/.exec(v);
  if (rgb) return [1, 3, 5].map((i) => Math.min(1, Number(rgb[i]) / (rgb[i + 1] ? 100 : 255))) as Rgb;
  return [0, 0, 0];
}

/** PostScript has no transparency: a translucent colour is mixed with the white page. */
export function overWhite(c: Rgb, alpha: number): Rgb {
  const a = Math.min(1, Math.max(0, alpha));
  return c.map((x) => x * a + (1 - a)) as Rgb;
}

export function multiply(m: Matrix, n: Matrix): Matrix {
  return [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3], m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
}

/** An SVG transform attribute as one matrix. */
export function parseTransform(value: string | undefined): Matrix {
  let out = IDENTITY;
  if (!value) return out;
  for (const [, name, args] of value.matchAll(/(\w+)\s*\(([^)]*)\)/g)) {
    const a = (args.match(/-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi) ?? []).map(Number);
    let m: Matrix = IDENTITY;
    const rad = ((a[0] ?? 0) * Math.PI) / 180;
    switch (name) {
      case 'matrix':
        if (a.length === 6) m = a as Matrix;
        break;
      case 'translate':
        m = [1, 0, 0, 1, a[0] ?? 0, a[1] ?? 0];
        break;
      case 'scale':
        m = [a[0] ?? 1, 0, 0, a[1] ?? a[0] ?? 1, 0, 0];
        break;
      case 'rotate': {
        const r: Matrix = [Math.cos(rad), Math.sin(rad), -Math.sin(rad), Math.cos(rad), 0, 0];
        m = a.length >= 3 ? multiply(multiply([1, 0, 0, 1, a[1], a[2]], r), [1, 0, 0, 1, -a[1], -a[2]]) : r;
        break;
      }
      case 'skewX':
        m = [1, 0, Math.tan(rad), 1, 0, 0];
        break;
      case 'skewY':
        m = [1, Math.tan(rad), 0, 1, 0, 0];
        break;
    }
    out = multiply(out, m);
  }
  return out;
}
