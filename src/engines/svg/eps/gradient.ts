// A gradient as one colour: where PostScript cannot show it and the browser could not render it, the EPS
// writer paints the average of its stops over white (following xlink:href to the stops it inherits).
import { overWhite, parseCssColor, type Rgb } from './paint';
import { num, ownProps } from './style';
import type { XastElement } from '../xast';

export function gradientAverage(g: XastElement, ids: ReadonlyMap<string, XastElement>, depth = 0): Rgb | undefined {
  const stops = g.children.filter((c): c is XastElement => c.type === 'element' && c.name === 'stop');
  if (!stops.length && depth < 3) {
    const href = (g.attributes.href ?? g.attributes['xlink:href'] ?? '').replace(/^#/, '');
    const base = ids.get(href);
    return base ? gradientAverage(base, ids, depth + 1) : undefined;
  }
  const colours = stops.map((s) => {
    const p = ownProps(s);
    const c = parseCssColor(p['stop-color'] ?? '#000');
    return overWhite(c?.rgb ?? [1, 1, 1], (c?.alpha ?? 0) * num(p['stop-opacity'], 1));
  });
  if (!colours.length) return undefined;
  return [0, 1, 2].map((i) => colours.reduce((sum, c) => sum + c[i], 0) / colours.length) as Rgb;
}
