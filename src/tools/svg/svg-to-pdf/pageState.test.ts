import { execFileSync } from 'node:child_process';
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { startPageAsSvg } from './pageState';

/** The PDF drawn by poppler (pdftoppm) at 72 dpi (1 px per point); the colour of pixel (x, y). */
function pixelOf(pdf: ArrayBuffer, x: number, y: number): number[] {
  const ppm = execFileSync('pdftoppm', ['-r', '72', '-singlefile', '-'], { input: Buffer.from(pdf), maxBuffer: 1 << 24 });
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 40))!;
  const o = header[0].length + (y * Number(header[1]) + x) * 3;
  return [...ppm.subarray(o, o + 3)];
}

/** resvg's shapes/path/M-L-L-implicit: `M 30 40 L 150 160 100 50`, stroke-width 5, no stroke-miterlimit. */
function sharpJoin(start: boolean): ArrayBuffer {
  const doc = new jsPDF({ unit: 'pt', format: [200, 200] });
  if (start) startPageAsSvg(doc);
  doc.setLineWidth(5);
  doc.setDrawColor(0, 128, 0);
  doc.lines([[120, 120], [-50, -110]], 30, 40, [1, 1], 'S', false);
  return doc.output('arraybuffer');
}

describe('a page started as SVG starts it', () => {
  // The join at (150, 160) is 5.6 stroke widths long as a miter: over SVG's limit (4), under PDF's (10). Its tip
  // would reach (158, 171.5) along the bisector; a bevel ends 2.5 px from the corner.
  it('bevels a join whose miter is between 4 and 10 stroke widths, as a browser does', () => {
    expect(pixelOf(sharpJoin(true), 155, 167)).toEqual([255, 255, 255]);
    expect(pixelOf(sharpJoin(false), 155, 167)[0]).toBeLessThan(100);
    expect(Buffer.from(sharpJoin(true)).toString('latin1')).toMatch(/^4\. M$/m);
  });
});
