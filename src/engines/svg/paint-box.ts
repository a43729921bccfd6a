// Where something is painted, as a box on the page: what the PDF and EPS writers use to tell whether a translucent
// shape or group lies over other paint (PostScript has no alpha; svg2pdf.js gives a group's opacity to each child).

/** A rectangle on the page. */
export interface PaintBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Whether two boxes share some area (touching edges do not). */
export const boxesOverlap = (a: PaintBox, b: PaintBox): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Whether any two of the boxes share some area. */
export function anyOverlap(boxes: readonly PaintBox[]): boolean {
  return boxes.some((a, i) => boxes.slice(i + 1).some((b) => boxesOverlap(a, b)));
}

/** How far a stroke may reach past a path's points: half its width, times the miter a join may reach, times the transform's largest scale. */
export const strokeReach = (width: number, miterlimit: number, scale: number): number => (width / 2) * Math.max(1.5, miterlimit) * scale;
