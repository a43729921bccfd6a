// Where toasts go: the first free corner of the page's content, so a toast never covers a control or a result.
// Pure geometry here (unit-tested); the DOM measuring is in useToastPlacement.ts.

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Spot extends Rect {
  name: string;
}

export interface Frame {
  /** The window's size. */
  width: number;
  height: number;
  /** Bottom edge of the sticky header and left edge of the content column (right of the sidebar). */
  headerBottom: number;
  contentLeft: number;
  /** The toast stack's size, and the newest toast's height (the header band shows that one only). */
  toastWidth: number;
  toastHeight: number;
  newestHeight?: number;
}

export const MARGIN = 16;

/** Candidate places, in order of preference: the content's corners, then over the header band as the last resort. */
export function candidateSpots(f: Frame): Spot[] {
  const w = f.toastWidth;
  const h = f.toastHeight;
  const right = f.width - w - MARGIN;
  const left = Math.min(right, f.contentLeft + MARGIN);
  const center = Math.round(f.contentLeft + (f.width - f.contentLeft - w) / 2);
  const bottom = f.height - h - MARGIN;
  const top = f.headerBottom + MARGIN;
  const at = (name: string, l: number, t: number): Spot => ({ name, left: Math.max(0, l), top: Math.max(0, t), width: w, height: h });
  return [
    at('bottom-right', right, bottom),
    at('top-right', right, top),
    at('bottom-left', left, bottom),
    at('top-left', left, top),
    at('bottom-center', center, bottom),
    at('top-center', center, top),
    // Over the header: the app's own bar rather than the tool's controls or results. Only the newest toast
    // is shown there (index.css hides the older ones), so a stack never hangs down over the tool.
    { ...at('header', f.width - w - Math.min(MARGIN, (f.width - w) / 2), Math.max(0, (f.headerBottom - (f.newestHeight ?? h)) / 2)), height: f.newestHeight ?? h },
  ];
}

export function overlap(a: Rect, b: Rect): number {
  const x = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const y = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return x > 0 && y > 0 ? x * y : 0;
}

/** The first spot that covers none of the obstacles; if every spot covers some, the one that covers least. */
export function pickSpot(spots: Spot[], obstacles: Rect[]): Spot {
  let best = spots[0];
  let bestCover = Infinity;
  for (const spot of spots) {
    const cover = obstacles.reduce((sum, o) => sum + overlap(spot, o), 0);
    if (cover === 0) return spot;
    if (cover < bestCover) {
      best = spot;
      bestCover = cover;
    }
  }
  return best;
}
