import { describe, expect, it } from 'vitest';
import { MAX_PAGE, pageLayout, PAPER } from './layout';

describe('PDF page layout', () => {
  it('makes the page the size of the SVG (CSS px → pt)', () => {
    expect(pageLayout(480, 300, { paper: 'svg', orientation: 'auto', margin: 10 })).toEqual({ pageWidth: 360, pageHeight: 225, x: 0, y: 0, width: 360, height: 225 });
  });
  it('fits and centres the drawing on paper inside the margins, turning the page for wide drawings', () => {
    const [a4w, a4h] = PAPER.a4;
    expect(a4w).toBeCloseTo(595.28, 2);
    expect(a4h).toBeCloseTo(841.89, 2);
    const wide = pageLayout(480, 300, { paper: 'a4', orientation: 'auto', margin: 10 });
    expect(wide.pageWidth).toBeCloseTo(841.89, 2);
    const m = 10 * (72 / 25.4);
    // Limited by width: 841.89 − 2 margins wide, 1.6 × less tall, centred vertically.
    expect(wide.width).toBeCloseTo(841.89 - 2 * m, 2);
    expect(wide.height).toBeCloseTo((841.89 - 2 * m) / 1.6, 2);
    expect(wide.x).toBeCloseTo(m, 6);
    expect(wide.y).toBeCloseTo((595.28 - wide.height) / 2, 2);
    const portrait = pageLayout(480, 300, { paper: 'letter', orientation: 'portrait', margin: 0 });
    expect([portrait.pageWidth, portrait.pageHeight]).toEqual([612, 792]);
    expect(portrait.width).toBeCloseTo(612, 6);
    expect(portrait.y).toBeCloseTo((792 - 382.5) / 2, 6);
  });
  it('scales a page past the PDF maximum (14 400 pt a side) down as a whole and says it did', () => {
    const giant = pageLayout(1e9, 1000, { paper: 'svg', orientation: 'auto', margin: 10 });
    expect(giant.pageWidth).toBe(MAX_PAGE);
    expect(giant.pageHeight).toBe(1); // 750 pt × 14400 / 7.5e8, kept at 1 pt at least
    expect(giant.reduced).toEqual({ width: 7.5e8, height: 750 });
    const tall = pageLayout(2000, 40000, { paper: 'svg', orientation: 'auto', margin: 0 });
    expect([tall.pageWidth, tall.pageHeight]).toEqual([720, 14400]);
    expect(pageLayout(19200, 19200, { paper: 'svg', orientation: 'auto', margin: 0 }).reduced).toBeUndefined();
  });
});
