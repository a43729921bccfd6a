import { describe, expect, it } from 'vitest';
import { MARGIN, MAX_WIDTH, MIN_WIDTH, overlap, toastSpot, type Band } from './toast-placement';

// 1280 px: logo up to 140, search box from 820; 375 px: no room between the logo and the header's controls.
const desktop: Band = { width: 1280, headerBottom: 56, gapLeft: 140, gapRight: 812, toastHeight: 54 };
const phone: Band = { width: 375, headerBottom: 56, gapLeft: 96, gapRight: 104, toastHeight: 40 };

describe('toast placement', () => {
  it('sits in the empty stretch of the header, right-aligned against its controls, never below the header', () => {
    const spot = toastSpot(desktop);
    expect(spot).toEqual({ name: 'header', left: 812 - MARGIN - MAX_WIDTH, top: 1, width: MAX_WIDTH, height: 54 });
    expect(spot.left).toBeGreaterThanOrEqual(desktop.gapLeft);
    expect(spot.top + spot.height).toBeLessThanOrEqual(56);
  });

  it('is the same place whatever the page holds: the page is not an input', () => {
    // The old corner-picking moved toasts from page to page; the spot depends on the header alone.
    expect(toastSpot(desktop)).toEqual(toastSpot({ ...desktop }));
    expect(overlap(toastSpot(desktop), { left: 0, top: 56, width: 1280, height: 844 })).toBe(0);
  });

  it('narrows to the room there is, down to a readable width', () => {
    const spot = toastSpot({ ...desktop, gapRight: desktop.gapLeft + MIN_WIDTH + 2 * MARGIN });
    expect(spot.width).toBe(MIN_WIDTH);
    expect(spot.left).toBe(desktop.gapLeft + MARGIN);
  });

  it('on a phone lies over the right of the header band, inside the window', () => {
    const spot = toastSpot(phone);
    expect(spot.left + spot.width).toBe(375 - MARGIN);
    expect(spot.left).toBeGreaterThanOrEqual(0);
    expect([spot.top, spot.top + spot.height]).toEqual([8, 48]);
  });
});
