// Where toasts go: one place on every page, in the header band, so a toast never covers the page's title, a
// control or a result. Where the header has room (from about 640 px), the toast sits in the empty stretch between
// the logo and the header's own controls; on a phone, where there is none, it lies over the right of the header
// for its few seconds. Only the newest toast shows there (index.css hides the older ones, one line each), so a
// stack never hangs down over the tool. Pure geometry here (unit-tested); the DOM measuring is in
// useToastPlacement.ts.

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Spot extends Rect {
  name: 'header';
}

export interface Band {
  /** The window's width. */
  width: number;
  /** Bottom edge of the sticky header. */
  headerBottom: number;
  /** The header's empty stretch between the logo and its controls (left and right edges). */
  gapLeft: number;
  gapRight: number;
  /** The newest toast's height. */
  toastHeight: number;
}

export const MARGIN = 8;
export const MAX_WIDTH = 420;
/** Narrower than this, a toast's title and hint get cut too short to read: it lies over the header's controls. */
export const MIN_WIDTH = 280;

export function toastSpot(b: Band): Spot {
  const top = Math.max(0, Math.round((b.headerBottom - b.toastHeight) / 2));
  const room = b.gapRight - b.gapLeft - 2 * MARGIN;
  if (room >= MIN_WIDTH) {
    const width = Math.min(MAX_WIDTH, room);
    return { name: 'header', left: b.gapRight - MARGIN - width, top, width, height: b.toastHeight };
  }
  const width = Math.min(MAX_WIDTH, b.width - 2 * MARGIN);
  return { name: 'header', left: b.width - MARGIN - width, top, width, height: b.toastHeight };
}

export function overlap(a: Rect, b: Rect): number {
  const x = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const y = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return x > 0 && y > 0 ? x * y : 0;
}
