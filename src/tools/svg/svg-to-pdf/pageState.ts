import type { jsPDF } from 'jspdf';

/**
 * Starts the current page's graphics state where SVG's initial values differ from PDF's: the miter limit is 4 in
 * SVG and 10 in PDF, and svg2pdf writes one only where an element's differs from 4, so a join whose miter is 4 to 10
 * stroke widths long was drawn as a spike where a browser bevels it (resvg's shapes/path/M-L-L-implicit).
 * jsPDF multiplies the limit by its unit's scale (a length to it, a ratio to PDF), hence the division.
 */
export function startPageAsSvg(doc: jsPDF): void {
  doc.setLineMiterLimit(4 / doc.internal.scaleFactor);
}
