import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to render now: `first` at once, then `step` more after each frame the browser
 * has drawn. Thousands of table rows built and laid out in one go block the page for a second on a slow
 * machine; in steps each task stays short, and typing (urgent) goes ahead of the growth (a transition).
 */
export function useGrowingCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The timeout set in an animation frame runs once that frame has been laid out and painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setCount((c) => c + step)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [count, total, step]);
  return Math.min(count, total);
}
