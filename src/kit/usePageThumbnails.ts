import { useCallback, useEffect, useRef, useState } from 'react';

/** How many thumbnails one call to `draw` asks for: small, so pages scrolled past are not drawn for nothing. */
const BATCH = 4;

const NONE: ReadonlyMap<number, string | null> = new Map();

interface State {
  key: string | undefined;
  wanted: number[];
  busy: boolean;
  alive: boolean;
  done: Map<number, string | null>;
}

/**
 * Thumbnails of a document's pages, drawn only when wanted (the grid says which pages are near the viewport) and
 * a few at a time, newest wish first: scrolling through 500 pages never queues 500 drawings. `urls` maps a page
 * to its picture's object URL, or null when the page cannot be drawn. A new `key` (another document) starts over.
 * `seed`: a picture already drawn for that key (the first page, drawn with the document's opening), shown at once.
 */
export function usePageThumbnails(key: string | undefined, draw: (pages: number[]) => Promise<{ page: number; blob: Blob | null }[]>, seed?: { page: number; blob: Blob | null } | null) {
  const [shown, setShown] = useState<{ key: string | undefined; urls: ReadonlyMap<number, string | null> }>({ key: undefined, urls: NONE });
  const state = useRef<State>({ key, wanted: [], busy: false, alive: true, done: new Map() });
  const drawRef = useRef(draw);
  const seedRef = useRef(seed);
  useEffect(() => {
    drawRef.current = draw;
    seedRef.current = seed;
  });

  useEffect(() => {
    const s: State = { key, wanted: [], busy: false, alive: true, done: new Map() };
    state.current = s;
    const first = seedRef.current;
    if (key && first) {
      s.done.set(first.page, first.blob ? URL.createObjectURL(first.blob) : null);
      setShown({ key, urls: new Map(s.done) });
    }
    return () => {
      s.alive = false;
      for (const url of s.done.values()) if (url) URL.revokeObjectURL(url);
    };
  }, [key]);

  const pump = useCallback(async (s: State) => {
    if (s.busy || !s.key) return;
    s.busy = true;
    try {
      while (s.alive) {
        // The very first picture alone: it shows sooner than a batch of four.
        const next = s.wanted.filter((p) => !s.done.has(p)).slice(0, s.done.size === 0 ? 1 : BATCH);
        if (next.length === 0) break;
        let drawn: { page: number; blob: Blob | null }[];
        try {
          drawn = await drawRef.current(next);
        } catch {
          // The worker was stopped (a job cancelled) or failed: the next wish asks again.
          break;
        }
        if (!s.alive) {
          break;
        }
        for (const { page, blob } of drawn) s.done.set(page, blob ? URL.createObjectURL(blob) : null);
        setShown({ key: s.key, urls: new Map(s.done) });
      }
    } finally {
      s.busy = false;
    }
  }, []);

  /** The pages to draw now, most wanted first (those not wanted any more are dropped). */
  const want = useCallback(
    (pages: number[]) => {
      state.current.wanted = pages;
      void pump(state.current);
    },
    [pump],
  );

  // Pictures of another document (before the key changed) are never shown.
  return { urls: shown.key === key ? shown.urls : NONE, want };
}
