import { ArrowDown, ArrowUp, GripVertical, X } from 'lucide-react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../lib/bytes';

export interface OrderedItem {
  id: string;
  file: File;
}

interface Props<T extends OrderedItem> {
  items: T[];
  onChange: (items: T[]) => void;
  /** Extra controls of one item (e.g. its page range), shown on its row. */
  extra?: (item: T, index: number) => ReactNode;
  label: string;
}

/** Moves the item at `from` to `to` (both clamped), returning a new array. */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from === target || from < 0 || from >= items.length) return items;
  const next = items.slice();
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/**
 * Files in the order a job will take them (merge, images to PDF): reorder by dragging a row, by its up/down buttons,
 * or from the keyboard (Alt+↑/↓ on a focused row, Delete to remove). Each way is named for screen readers.
 */
export function OrderedFileList<T extends OrderedItem>({ items, onChange, extra, label }: Props<T>) {
  const { t, i18n } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const move = (from: number, to: number) => onChange(moveItem(items, from, to));
  const remove = (index: number) => onChange(items.filter((_, i) => i !== index));
  const onKey = (e: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (e.target !== e.currentTarget) return;
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const to = index + (e.key === 'ArrowUp' ? -1 : 1);
      move(index, to);
      // Keep the focus on the moved row.
      requestAnimationFrame(() => (document.querySelector(`[data-order-id="${CSS.escape(items[index].id)}"]`) as HTMLElement | null)?.focus());
    } else if (e.key === 'Delete') {
      e.preventDefault();
      remove(index);
    }
  };
  if (items.length === 0) return null;
  return (
    <section aria-label={label} className="space-y-2">
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('order.hint')}</p>
      <ol className="space-y-2" data-testid="ordered-files">
        {items.map((item, index) => (
          <li
            key={item.id}
            tabIndex={0}
            draggable
            data-order-id={item.id}
            data-testid="ordered-file"
            aria-label={t('order.position', { name: item.file.name, position: index + 1, count: items.length })}
            onKeyDown={(e) => onKey(e, index)}
            onDragStart={(e) => {
              setDragged(index);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => {
              if (dragged !== null) e.preventDefault();
            }}
            onDrop={(e) => {
              e.preventDefault();
              e.stopPropagation();
              if (dragged !== null) move(dragged, index);
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
            className={`panel flex flex-wrap items-center gap-3 py-2 focus-visible:outline-2 ${dragged === index ? 'opacity-50' : ''}`}
          >
            <GripVertical className="size-4 shrink-0 cursor-grab text-zinc-400" aria-hidden />
            <span className="w-6 text-right text-sm tabular-nums text-zinc-500">{index + 1}</span>
            <span className="min-w-0 flex-1 truncate text-sm font-medium" title={item.file.name}>
              {item.file.name}
              <span className="ml-2 text-xs font-normal text-zinc-500">{formatBytes(item.file.size, i18n.language)}</span>
            </span>
            {extra?.(item, index)}
            <span className="flex gap-1">
              <button type="button" className="btn btn-ghost p-1" onClick={() => move(index, index - 1)} disabled={index === 0} aria-label={t('order.up', { name: item.file.name })} data-testid="move-up">
                <ArrowUp className="size-4" aria-hidden />
              </button>
              <button type="button" className="btn btn-ghost p-1" onClick={() => move(index, index + 1)} disabled={index === items.length - 1} aria-label={t('order.down', { name: item.file.name })} data-testid="move-down">
                <ArrowDown className="size-4" aria-hidden />
              </button>
              <button type="button" className="btn btn-ghost p-1" onClick={() => remove(index)} aria-label={t('order.remove', { name: item.file.name })} data-testid="remove-file">
                <X className="size-4" aria-hidden />
              </button>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
