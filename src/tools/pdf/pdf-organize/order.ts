// The typed form of an organise plan, kept in step with the page grid: "3, 1-2, blank, 5@90, 6-" — pages and ranges
// in the new order (1-based, "8-" to the end, "5-3" backwards), "blank" (or "b") for a blank page, "@90", "@180" or
// "@270" after a page or range to turn it clockwise.
import { parsePages } from '../../../engines/pdf/pages';
import { ToolError } from '../../../lib/errors';
import { slotKey, turn, type PageSlot } from '../../../kit/pageSlots';

/** The plan `text` names in a document of `count` pages; throws a ToolError naming the part it cannot read. */
export function parseOrder(text: string, count: number): PageSlot[] {
  const parts = text.split(/[,;]+/).map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) throw new ToolError('pdf:errors.organizeEmpty');
  const slots: PageSlot[] = [];
  for (const part of parts) {
    const m = /^(.*?)(?:\s*@\s*(-?\d+)\s*°?)?$/.exec(part)!;
    const body = m[1].trim().replace(/\s*-\s*/g, '-');
    const degrees = m[2] === undefined ? 0 : Number(m[2]);
    if (degrees % 90 !== 0) throw new ToolError('pdf:errors.organizeAngle', { part });
    const rotate = turn(0, degrees);
    if (/^(b|blank)$/i.test(body)) {
      slots.push({ key: slotKey(), page: null, rotate });
      continue;
    }
    if (/\s/.test(body) || body === '') throw new ToolError('pdf:errors.pagesSyntax', { part });
    let pages: number[];
    try {
      pages = parsePages(body, count);
    } catch (error) {
      // Name the part as typed (with its turn), not only its range.
      if (error instanceof ToolError) throw new ToolError(error.key, { ...error.params, part });
      throw error;
    }
    for (const page of pages) slots.push({ key: slotKey(), page, rotate });
  }
  if (!slots.some((s) => s.page !== null)) throw new ToolError('pdf:errors.organizeEmpty');
  return slots;
}

/** The shortest typed form of a plan: runs of pages next to each other (either way) with the same turn become ranges. */
export function formatOrder(slots: Pick<PageSlot, 'page' | 'rotate'>[]): string {
  const parts: string[] = [];
  const suffix = (rotate: number) => (rotate ? `@${rotate}` : '');
  for (let i = 0; i < slots.length; ) {
    const { page, rotate } = slots[i];
    if (page === null) {
      parts.push(`blank${suffix(rotate)}`);
      i++;
      continue;
    }
    let j = i + 1;
    const step = slots[j]?.page === page + 1 ? 1 : slots[j]?.page === page - 1 ? -1 : 0;
    if (step) while (j < slots.length && slots[j].page === page + step * (j - i) && slots[j].rotate === rotate) j++;
    const last = page + step * (j - 1 - i);
    // Two pages backwards read better as "5, 4" than "5-4".
    if (step === -1 && j - i === 2) j = i + 1;
    parts.push(`${j - i > 1 ? `${page + 1}-${last + 1}` : page + 1}${suffix(rotate)}`);
    i = j;
  }
  return parts.join(', ');
}
