// Colours and matrices for the EPS writer. Colours are read by culori (MIT), which knows all of CSS.
import { converter, parse } from 'culori';

export type Rgb = [number, number, number];
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

const toRgb = converter('rgb');

/** A CSS colour (every CSS Color 4 form culori reads: names, hex, rgb(), hsl(), hwb(), lab()…) as 0–1 sRGB and alpha. */
export function parseCssColor(value: string | undefined): { rgb: Rgb; alpha: number } | undefined {
  if (value === undefined) return undefined;
  const c = toRgb(parse(value.trim().toLowerCase()));
  if (!c) return undefined;
  const clamp = (x: number) => Math.min(1, Math.max(0, x || 0));
  return { rgb: [clamp(c.r), clamp(c.g), clamp(c.b)], alpha: clamp(c.alpha ?? 1) };
}

/** Whether a fill or stroke value is valid paint; an invalid one is ignored (the inherited paint stays). */
export function isPaint(value: string): boolean {
  const v = value.trim();
  return /^(?:none|currentcolor|inherit)$/i.test(v) || /^url\(/i.test(v) || parseCssColor(v) !== undefined;
}

/** PostScript has no transparency: a translucent colour is mixed with the white page. */
export function overWhite(c: Rgb, alpha: number): Rgb {
  const a = Math.min(1, Math.max(0, alpha));
  return c.map((x) => x * a + (1 - a)) as Rgb;
}

/** Colours with alphas painted in order (each over the ones before), then with the group's `alpha` over the white page. */
export function compositeOverWhite(layers: readonly { rgb: Rgb; alpha: number }[], alpha = 1): Rgb {
  let c: Rgb = [0, 0, 0];
  let a = 0;
  for (const l of layers) {
    c = c.map((x, i) => l.rgb[i] * l.alpha + x * (1 - l.alpha)) as Rgb;
    a = l.alpha + a * (1 - l.alpha);
  }
  const g = Math.min(1, Math.max(0, alpha));
  return c.map((x) => Math.min(1, Math.max(0, x * g + 1 - a * g))) as Rgb;
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
