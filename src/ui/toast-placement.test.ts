import { describe, expect, it } from 'vitest';
import { candidateSpots, MARGIN, overlap, pickSpot, type Frame } from './toast-placement';

const desktop: Frame = { width: 1280, height: 900, headerBottom: 56, contentLeft: 256, toastWidth: 420, toastHeight: 80 };

describe('toast placement', () => {
  it('prefers the bottom-right corner when nothing is there', () => {
    const spot = pickSpot(candidateSpots(desktop), [{ left: 300, top: 100, width: 500, height: 300 }]);
    expect(spot).toMatchObject({ name: 'bottom-right', left: 1280 - 420 - MARGIN, top: 900 - 80 - MARGIN });
  });

  it('moves away from results and controls: the first corner that covers none of them', () => {
    const results = { left: 256, top: 700, width: 1024, height: 200 }; // result rows along the bottom
    const topRightButtons = { left: 1100, top: 80, width: 160, height: 40 };
    const spot = pickSpot(candidateSpots(desktop), [results, topRightButtons]);
    expect(spot.name).toBe('top-left');
    expect(overlap(spot, results) + overlap(spot, topRightButtons)).toBe(0);
    expect(spot.left).toBeGreaterThanOrEqual(desktop.contentLeft); // not over the sidebar
  });

  it('falls back to the header band when the content is full (a narrow screen)', () => {
    const phone: Frame = { width: 375, height: 740, headerBottom: 56, contentLeft: 0, toastWidth: 359, toastHeight: 52 };
    const content = { left: 0, top: 56, width: 375, height: 684 };
    const spot = pickSpot(candidateSpots(phone), [content]);
    expect(spot.name).toBe('header');
    expect(spot.top + spot.height).toBeLessThanOrEqual(56);
    expect(spot.left + spot.width).toBeLessThanOrEqual(375);
  });

  it('over the header band, places the newest toast alone, so a stack of two never hangs down over the tool', () => {
    const phone: Frame = { width: 375, height: 740, headerBottom: 56, contentLeft: 0, toastWidth: 359, toastHeight: 52 + 8 + 72, newestHeight: 40 };
    const spot = pickSpot(candidateSpots(phone), [{ left: 0, top: 56, width: 375, height: 684 }]);
    expect(spot.name).toBe('header');
    expect([spot.top, spot.height]).toEqual([8, 40]);
  });

  it('when every place covers something, takes the one that covers least', () => {
    const phone: Frame = { width: 375, height: 740, headerBottom: 56, contentLeft: 0, toastWidth: 359, toastHeight: 90 };
    const spot = pickSpot(candidateSpots(phone), [{ left: 0, top: 56, width: 375, height: 600 }]);
    expect(spot.name).toBe('bottom-right'); // covers 90 - (740 - 16 - 656) = 22 px of the content's last row
  });
});
