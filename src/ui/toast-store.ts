import { useSyncExternalStore, type ReactNode } from 'react';

// The toast model of the seed: at most TOAST_LIMIT at once, newest first; a dismissed toast closes at once
// (open = false, so it animates out) and leaves the list TOAST_REMOVE_DELAY later; update() merges by id.
export const TOAST_LIMIT = 5;
export const TOAST_DURATION = 5000;
export const TOAST_REMOVE_DELAY = 1_000_000;

interface ToastAction {
  label: string;
  onClick: () => void;
}

interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastAction;
  open: boolean;
  variant?: 'default' | 'destructive';
  duration?: number;
}

type ToastInput = Omit<ToastData, 'id' | 'open'>;

let toasts: ToastData[] = [];
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit() {
  for (const l of listeners) l();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string): void {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  toasts = toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  emit();
}

export function updateToast(id: string, patch: Partial<ToastInput>): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, ...patch } : t));
  emit();
}

export function toast(input: ToastInput): { id: string; dismiss: () => void; update: (p: Partial<ToastInput>) => void } {
  const id = String(++counter);
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return { id, dismiss: () => dismissToast(id), update: (p) => updateToast(id, p) };
}

/** Test hook: the current list. */
export function getToasts(): ToastData[] {
  return toasts;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useToasts(): ToastData[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}
