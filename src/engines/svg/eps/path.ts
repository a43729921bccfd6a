// SVG path data → absolute moveto / lineto / curveto / closepath, read by svgpath (MIT): every number form
// ("1E1", ".5.5", "01" arc flags), arcs and quadratics become cubics. A path is drawn up to its first error.
import svgpath from 'svgpath';

type Segment = { op: 'M' | 'L'; x: number; y: number } | { op: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number } | { op: 'Z' };

export function parsePath(d: string): Segment[] {
  const out: Segment[] = [];
  // unshort: S/T → C/Q; unarc: A → C (a zero radius becomes a line, as the spec says).
  svgpath(d)
    .abs()
    .unshort()
    .unarc()
    .iterate((seg, _i, x, y) => {
      switch (seg[0]) {
        case 'M':
        case 'L':
          out.push({ op: seg[0], x: seg[1], y: seg[2] });
          break;
        case 'H':
          out.push({ op: 'L', x: seg[1], y });
          break;
        case 'V':
          out.push({ op: 'L', x, y: seg[1] });
          break;
        case 'C':
          out.push({ op: 'C', x1: seg[1], y1: seg[2], x2: seg[3], y2: seg[4], x: seg[5], y: seg[6] });
          break;
        case 'Q': {
          const [, qx, qy, ex, ey] = seg;
          out.push({ op: 'C', x1: x + (2 / 3) * (qx - x), y1: y + (2 / 3) * (qy - y), x2: ex + (2 / 3) * (qx - ex), y2: ey + (2 / 3) * (qy - ey), x: ex, y: ey });
          break;
        }
        case 'Z':
        case 'z':
          out.push({ op: 'Z' });
          break;
      }
    });
  return out;
}

/**
 * The points of the path's zero-length subpaths: a moveto followed by lines or curves that never leave it
 * ("M 10 10 L 10 10"). SVG paints a square cap there (and a round one), a square aligned with the user space's
 * axes; PDF and PostScript paint a degenerate subpath's round cap only, so the writers add the square themselves.
 */
export function zeroLengthSubpaths(d: string): { x: number; y: number }[] {
  const found: { x: number; y: number }[] = [];
  let start: { x: number; y: number } | undefined;
  let drawn = false;
  let moved = false;
  const end = () => {
    if (start && drawn && !moved) found.push(start);
  };
  for (const seg of parsePath(d)) {
    if (seg.op === 'M') {
      end();
      start = { x: seg.x, y: seg.y };
      drawn = moved = false;
    } else if (seg.op === 'Z') {
      end();
      // What follows a closepath without a moveto starts at the same point.
      drawn = moved = false;
    } else if (start) {
      drawn = true;
      const points = seg.op === 'C' ? [seg.x1, seg.y1, seg.x2, seg.y2, seg.x, seg.y] : [seg.x, seg.y];
      for (let i = 0; i < points.length; i += 2) if (points[i] !== start.x || points[i + 1] !== start.y) moved = true;
    }
  }
  end();
  return found;
}
