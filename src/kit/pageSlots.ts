// The page grid's plan: which page goes where, turned how much, and blank pages, as plain data with pure operations
// (the grid edits it, a tool turns it into its output).
import { moveItem } from './OrderedFileList';

export interface PageSlot {
  /** Stable across moves, for React and focus. */
  key: string;
  /** 0-based page of the source, or null for a blank page. */
  page: number | null;
  /** Clockwise turn added to the page, 0, 90, 180 or 270. */
  rotate: number;
}

let nextKey = 0;
export const slotKey = () => `s${++nextKey}`;

/** Every page of a `count`-page document, in order, unturned. */
export function allPages(count: number): PageSlot[] {
  return Array.from({ length: count }, (_, page) => ({ key: slotKey(), page, rotate: 0 }));
}

export const turn = (rotate: number, by: number) => (((rotate + by) % 360) + 360) % 360;

export const moveSlot = (slots: PageSlot[], from: number, to: number) => moveItem(slots, from, to);

export const rotateSlot = (slots: PageSlot[], index: number, by: 90 | -90 | 180) => slots.map((s, i) => (i === index ? { ...s, rotate: turn(s.rotate, by) } : s));

export const deleteSlot = (slots: PageSlot[], index: number) => slots.filter((_, i) => i !== index);

/** A blank page at `at` (0-based position, slots.length = at the end). */
export function insertBlank(slots: PageSlot[], at: number): PageSlot[] {
  const next = slots.slice();
  next.splice(Math.max(0, Math.min(slots.length, at)), 0, { key: slotKey(), page: null, rotate: 0 });
  return next;
}

/** The same plan (pages, turns), whatever the keys. */
export const samePlan = (a: PageSlot[], b: PageSlot[]) => a.length === b.length && a.every((s, i) => s.page === b[i].page && s.rotate === b[i].rotate);
