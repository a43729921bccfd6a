import { useLayoutEffect, useState, type RefObject } from 'react';
import { toastSpot, type Spot } from './toast-placement';

/**
 * Places the toast viewport in the header band (see toast-placement.ts) and follows the header when the window
 * resizes or the newest toast changes size. `active` is false when there is no toast.
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
      const gap = document.querySelector('header [data-toast-slot]')?.getBoundingClientRect();
      const newest = el.querySelector(':scope > [data-newest]')?.getBoundingClientRect().height;
      const next = toastSpot({
        width: window.innerWidth,
        headerBottom: header ? Math.max(0, header.bottom) : 56,
        gapLeft: gap?.left ?? 0,
        gapRight: gap?.right ?? 0,
        toastHeight: newest || el.offsetHeight || 40,
      });
      setSpot((prev) => (prev && prev.left === next.left && prev.top === next.top && prev.width === next.width && prev.height === next.height ? prev : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    const resize = new ResizeObserver(schedule);
    if (viewport.current) resize.observe(viewport.current);
    const header = document.querySelector('header');
    if (header) resize.observe(header);
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      window.removeEventListener('resize', schedule);
    };
  }, [active, viewport]);

  return spot;
}
