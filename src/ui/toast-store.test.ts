import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, toast, TOAST_LIMIT, TOAST_REMOVE_DELAY, updateToast } from './toast-store';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
    vi.useRealTimers();
  });

  it('keeps at most five toasts, newest first', () => {
    expect(TOAST_LIMIT).toBe(5);
    for (let i = 1; i <= 7; i++) toast({ title: `t${i}` });
    expect(getToasts().map((t) => t.title)).toEqual(['t7', 't6', 't5', 't4', 't3']);
    expect(getToasts().every((t) => t.open)).toBe(true);
  });

  it('closes a dismissed toast at once and removes it 1,000,000 ms later', () => {
    const { id } = toast({ title: 'bye', variant: 'destructive' });
    dismissToast(id);
    expect(getToasts().find((t) => t.id === id)).toMatchObject({ open: false, variant: 'destructive' });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToasts().some((t) => t.id === id)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(getToasts().some((t) => t.id === id)).toBe(false);
  });

  it('updates fields by id and keeps the others', () => {
    const handle = toast({ title: 'Working', description: 'first' });
    updateToast(handle.id, { description: 'second' });
    expect(getToasts().find((t) => t.id === handle.id)).toMatchObject({ title: 'Working', description: 'second', open: true });
    handle.update({ title: 'Done' });
    expect(getToasts().find((t) => t.id === handle.id)?.title).toBe('Done');
  });
});
