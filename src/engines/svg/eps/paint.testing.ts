// For the tests: colours as the EPS writer reads them, without the alpha.
import { parseCssColor, type Rgb } from './paint';

/** A CSS colour as 0–1 RGB; undefined for none, a fully transparent colour or a value that is no colour. */
export function parseColor(value: string | undefined): Rgb | undefined {
  const c = parseCssColor(value);
  return c && c.alpha > 0 ? c.rgb : undefined;
}
