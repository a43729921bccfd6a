import { useEffect, useRef, type ReactNode } from 'react';

/** How long the bar stays after scrolling stops; Radix ScrollArea's default. */
const SCROLL_HIDE_DELAY = 600;

/**
 * Native scrolling whose thin bar shows while scrolling and hides SCROLL_HIDE_DELAY ms after,
 * like Radix ScrollArea's "scroll" type, without its JavaScript on every page (the home page budget).
 */
export function ScrollArea({ children, className = '' }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      el.dataset.scrolling = '';
      clearTimeout(timer);
      timer = setTimeout(() => delete el.dataset.scrolling, SCROLL_HIDE_DELAY);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, []);
  return (
    <div ref={ref} className={`scroll-area overflow-y-auto overscroll-contain ${className}`}>
      {children}
    </div>
  );
}
