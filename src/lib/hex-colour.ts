// Colours in hex notation, as settings store them and the image engines read them. Every other CSS form (names,
// rgb(), hsl(), currentColor…) is read by culori in the SVG engine (engines/svg/eps/paint.ts), loaded by SVG jobs only.

export type Rgb = [number, number, number];

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** "#1d4ed8" or "#abc" (any case, spaces around ignored) as [r, g, b], 0–255; undefined for anything else. */
export function parseHexColor(value: string): Rgb | undefined {
  const m = HEX.exec(value.trim());
  if (!m) return undefined;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)];
}

export function isHexColor(value: string): boolean {
  return parseHexColor(value) !== undefined;
}

/** "#rrggbb" exactly: the value a colour input reads and writes. */
export function isColorInputValue(value: string): boolean {
  return /^#[0-9a-f]{6}$/i.test(value);
}
