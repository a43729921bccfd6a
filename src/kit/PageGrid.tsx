import { FilePlus, RotateCcw, RotateCw, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteSlot, insertBlank, moveSlot, rotateSlot, type PageSlot } from './pageSlots';

interface Props {
  slots: PageSlot[];
  onChange: (slots: PageSlot[]) => void;
  /** Each source page's size as shown (points), for the shape of its card's picture. */
  sizes: { width: number; height: number }[];
  /** Thumbnail object URLs by source page (null: the page cannot be drawn). */
  thumbnails: ReadonlyMap<number, string | null>;
  /** Called with the source pages near the viewport, in grid order: the ones to draw. */
  onNear: (pages: number[]) => void;
  label: string;
}

/** Cards this far outside the viewport count as near: drawn before they scroll in. */
const NEAR_MARGIN = '400px 0px';

/** The shape of a page of w×h inside a square box, turned by `rotate`: its longer side fills the box. */
function pictureStyle(width: number, height: number, rotate: number): CSSProperties {
  const wide = width >= height;
  return {
    width: wide ? '100%' : `${(100 * width) / height}%`,
    height: wide ? `${(100 * height) / width}%` : '100%',
    transform: `translate(-50%, -50%) rotate(${rotate}deg)`,
  };
}

/**
 * A document's pages as a grid of thumbnails (PDF organise; merge with ranges may use it): reorder by dragging a card
 * or from the keyboard (arrows move the focus, Alt+arrows move the page, R/Shift+R turn it, Delete removes it, B adds
 * a blank page after it), or with each card's buttons. Every change is announced for screen readers. Only cards near
 * the viewport carry a picture and buttons, so a 500-page document stays light; the owner draws what `onNear` asks.
 */
export function PageGrid({ slots, onChange, sizes, thumbnails, onNear, label }: Props) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  const [near, setNear] = useState<ReadonlySet<string>>(() => new Set());
  const [activeKey, setActiveKey] = useState<string>();
  const [dragged, setDragged] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const observer = useRef<IntersectionObserver | null>(null);
  const nearKeys = useRef(new Set<string>());

  useEffect(() => {
    let frame = 0;
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const key = (e.target as HTMLElement).dataset.key!;
          if (e.isIntersecting) nearKeys.current.add(key);
          else nearKeys.current.delete(key);
        }
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(() => setNear(new Set(nearKeys.current)));
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.current = io;
    list.current?.querySelectorAll<HTMLElement>('[data-key]').forEach((el) => io.observe(el));
    return () => {
      cancelAnimationFrame(frame);
      io.disconnect();
      observer.current = null;
    };
  }, []);

  // Stable, so React calls it only when a card mounts or unmounts (not on every render).
  const observe = useCallback((el: HTMLLIElement | null) => {
    if (!el) return;
    observer.current?.observe(el);
    return () => observer.current?.unobserve(el);
  }, []);

  const onNearRef = useRef(onNear);
  useEffect(() => {
    onNearRef.current = onNear;
  });
  const wanted = slots.flatMap((s) => (near.has(s.key) && s.page !== null ? [s.page] : []));
  const wantedKey = wanted.join(',');
  useEffect(() => {
    onNearRef.current(wantedKey ? wantedKey.split(',').map(Number) : []);
  }, [wantedKey]);

  const name = (slot: PageSlot) => (slot.page === null ? t('pageGrid.blank') : t('pageGrid.page', { page: slot.page + 1 }));
  const active = slots.find((s) => s.key === activeKey)?.key ?? slots[0]?.key;
  const focusKey = (key: string | undefined) => {
    if (!key) return;
    setActiveKey(key);
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`)?.focus());
  };

  const move = (from: number, to: number) => {
    const next = moveSlot(slots, from, to);
    if (next === slots) return;
    const at = next.indexOf(slots[from]);
    onChange(next);
    setMessage(t('pageGrid.moved', { page: name(slots[from]), position: at + 1, count: next.length }));
    focusKey(slots[from].key);
  };
  const rotate = (index: number, by: 90 | -90) => {
    const next = rotateSlot(slots, index, by);
    onChange(next);
    setMessage(t('pageGrid.rotated', { page: name(slots[index]), deg: next[index].rotate }));
  };
  const remove = (index: number) => {
    const next = deleteSlot(slots, index);
    onChange(next);
    setMessage(t('pageGrid.removed', { page: name(slots[index]), count: next.length }));
    focusKey(next[Math.min(index, next.length - 1)]?.key);
  };
  const blankAfter = (index: number) => {
    const next = insertBlank(slots, index + 1);
    onChange(next);
    setMessage(t('pageGrid.inserted', { position: index + 2, count: next.length }));
  };

  /** Cards per row, from the layout (the grid's columns follow the window's width). */
  const columns = () => {
    const cards = list.current?.children;
    if (!cards?.length) return 1;
    const top = (cards[0] as HTMLElement).offsetTop;
    let n = 0;
    while (n < cards.length && (cards[n] as HTMLElement).offsetTop === top) n++;
    return Math.max(1, n);
  };

  const onKey = (e: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (e.target !== e.currentTarget || e.ctrlKey || e.metaKey) return;
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns(), ArrowDown: columns(), Home: -index, End: slots.length - 1 - index };
    const step = steps[e.key];
    if (step !== undefined) {
      e.preventDefault();
      const to = Math.max(0, Math.min(slots.length - 1, index + step));
      if (e.altKey) move(index, to);
      else focusKey(slots[to].key);
      return;
    }
    if (e.altKey) return;
    const key = e.key.toLowerCase();
    if (key === 'r') rotate(index, e.shiftKey ? -90 : 90);
    else if (e.key === 'Delete' || e.key === 'Backspace') remove(index);
    else if (key === 'b') blankAfter(index);
    else return;
    e.preventDefault();
  };

  return (
    <section aria-label={label} className="space-y-2">
      <p className="text-xs text-zinc-600 dark:text-zinc-400" id="page-grid-hint">
        {t('pageGrid.hint')} <span data-testid="page-count">{t('pageGrid.count', { count: slots.length })}</span>
      </p>
      <p className="sr-only" aria-live="polite" data-testid="page-grid-status">
        {message}
      </p>
      <ol ref={list} className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-3" data-testid="page-grid" aria-describedby="page-grid-hint">
        {slots.map((slot, index) => {
          const isNear = near.has(slot.key);
          const isActive = slot.key === active;
          const size = slot.page === null ? { width: 595, height: 842 } : (sizes[slot.page] ?? { width: 595, height: 842 });
          const url = slot.page === null ? undefined : thumbnails.get(slot.page);
          const pageName = name(slot);
          const turned = slot.rotate ? `, ${t('pageGrid.turned', { deg: slot.rotate })}` : '';
          const buttonTab = isActive ? 0 : -1;
          return (
            <li
              key={slot.key}
              ref={observe}
              data-key={slot.key}
              data-testid="page-card"
              data-page={slot.page === null ? 'blank' : slot.page + 1}
              data-rotate={slot.rotate}
              tabIndex={isActive ? 0 : -1}
              aria-label={t('pageGrid.card', { position: index + 1, count: slots.length, page: pageName }) + turned}
              draggable
              onFocus={(e) => {
                if (e.target === e.currentTarget) setActiveKey(slot.key);
              }}
              onKeyDown={(e) => onKey(e, index)}
              onDragStart={(e) => {
                setDragged(slot.key);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => {
                if (dragged !== null) e.preventDefault();
              }}
              onDrop={(e) => {
                e.preventDefault();
                e.stopPropagation();
                const from = slots.findIndex((s) => s.key === dragged);
                if (from >= 0) move(from, index);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              className={`panel flex h-52 flex-col gap-1 p-2 focus-visible:outline-2 ${dragged === slot.key ? 'opacity-50' : ''}`}
            >
              <div className="relative min-h-0 flex-1 cursor-grab overflow-hidden" aria-hidden>
                {isNear && (
                  <div className="absolute inset-1">
                    {url ? (
                      <img src={url} alt="" decoding="async" draggable={false} className="absolute top-1/2 left-1/2 border border-zinc-300 bg-white dark:border-zinc-600" style={pictureStyle(size.width, size.height, slot.rotate)} />
                    ) : (
                      <div
                        className={`absolute top-1/2 left-1/2 flex items-center justify-center border border-zinc-300 text-center text-[10px] text-zinc-500 dark:border-zinc-600 ${slot.page === null ? 'bg-white' : 'bg-zinc-100 dark:bg-zinc-800'}`}
                        style={pictureStyle(size.width, size.height, slot.rotate)}
                      >
                        {url === null ? t('pageGrid.noPreview') : ''}
                      </div>
                    )}
                  </div>
                )}
              </div>
              <div className="flex items-center gap-1 text-xs">
                <span className="font-semibold tabular-nums">{index + 1}</span>
                <span className="min-w-0 flex-1 truncate text-zinc-600 dark:text-zinc-400">
                  {pageName}
                  {slot.rotate ? ` · ${slot.rotate}°` : ''}
                </span>
              </div>
              {isNear && (
                <div className="flex justify-between">
                  <button type="button" tabIndex={buttonTab} className="btn btn-ghost p-1" onClick={() => rotate(index, -90)} aria-label={t('pageGrid.rotateLeft', { page: pageName })} title={t('pageGrid.rotateLeft', { page: pageName })} data-testid="rotate-left">
                    <RotateCcw className="size-4" aria-hidden />
                  </button>
                  <button type="button" tabIndex={buttonTab} className="btn btn-ghost p-1" onClick={() => rotate(index, 90)} aria-label={t('pageGrid.rotateRight', { page: pageName })} title={t('pageGrid.rotateRight', { page: pageName })} data-testid="rotate-right">
                    <RotateCw className="size-4" aria-hidden />
                  </button>
                  <button type="button" tabIndex={buttonTab} className="btn btn-ghost p-1" onClick={() => blankAfter(index)} aria-label={t('pageGrid.blankAfter', { page: pageName })} title={t('pageGrid.blankAfter', { page: pageName })} data-testid="insert-blank">
                    <FilePlus className="size-4" aria-hidden />
                  </button>
                  <button type="button" tabIndex={buttonTab} className="btn btn-ghost p-1" onClick={() => remove(index)} aria-label={t('pageGrid.remove', { page: pageName })} title={t('pageGrid.remove', { page: pageName })} data-testid="remove-page">
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
