import { useLayoutEffect, useState, type RefObject } from 'react';
import { candidateSpots, MARGIN, pickSpot, type Rect, type Spot } from './toast-placement';

const MAX_WIDTH = 420;
const STACK_GAP = 8; // Toaster's gap-2

// What a toast must not cover: the page's controls and its results (rows, outputs, canvases, previews).
const OBSTACLES = [
  'button',
  'a[href]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'label',
  'summary',
  'canvas',
  'video',
  'audio',
  'img',
  '[role="slider"]',
  '[role="img"]',
  '[contenteditable="true"]',
  '[data-testid="result-row"]',
  '[data-testid="text-output"]',
  '[data-testid="file-drop"]',
].map((s) => `main ${s}, footer ${s}`).join(', ');

function obstacles(): Rect[] {
  const out: Rect[] = [];
  for (const el of document.querySelectorAll(OBSTACLES)) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
    out.push({ left: r.left, top: r.top, width: r.width, height: r.height });
  }
  return out;
}

/**
 * Places the toast viewport in the first corner of the content where it covers no control and no result, and
 * moves it when the page scrolls, resizes or changes under it. `active` is false when there is no toast.
 */
export function useToastPlacement(viewport: RefObject<HTMLElement | null>, active: boolean): Spot | null {
  const [spot, setSpot] = useState<Spot | null>(null);

  useLayoutEffect(() => {
    if (!active) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      const el = viewport.current;
      if (!el) return;
      const header = document.querySelector('header')?.getBoundingClientRect();
      const main = document.querySelector('main')?.getBoundingClientRect();
      const width = Math.min(MAX_WIDTH, window.innerWidth - 2 * Math.min(MARGIN, 8));
      // Measured toast by toast: in the header spot the older toasts are hidden (not removed), and the corners
      // must still be judged by the whole stack, or the spot would flip back and forth.
      const heights = [...el.children].map((child) => child.getBoundingClientRect().height).filter((h) => h > 0);
      const newest = el.querySelector(':scope > [data-newest]')?.getBoundingClientRect().height;
      const stack = heights.reduce((sum, h) => sum + h, 0) + STACK_GAP * Math.max(0, heights.length - 1);
      const next = pickSpot(
        candidateSpots({
          width: window.innerWidth,
          height: window.innerHeight,
          headerBottom: header ? Math.max(0, header.bottom) : 0,
          contentLeft: main && main.left < window.innerWidth / 2 ? main.left : 0,
          toastWidth: width,
          toastHeight: stack || el.offsetHeight,
          newestHeight: newest || undefined,
        }),
        obstacles(),
      );
      setSpot((prev) => (prev && prev.name === next.name && prev.left === next.left && prev.top === next.top && prev.width === next.width ? prev : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    const main = document.querySelector('main');
    const observer = new MutationObserver(schedule);
    if (main) observer.observe(main, { childList: true, subtree: true });
    const resize = new ResizeObserver(schedule);
    if (viewport.current) resize.observe(viewport.current);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      resize.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [active, viewport]);

  return spot;
}
