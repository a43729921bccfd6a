// Page selections as people type them: "1-3,5,8-" (1-based, inclusive, "8-" = to the end, "-3" = from the start).
import { ToolError } from '../../lib/errors';

/** The 0-based page indices `spec` names in a document of `count` pages, in the order written; empty = all. */
export function parsePages(spec: string, count: number): number[] {
  const text = spec.trim();
  if (text === '') return Array.from({ length: count }, (_, i) => i);
  const out: number[] = [];
  for (const part of text.split(/[,;\s]+/).filter(Boolean)) {
    const m = /^(\d*)\s*(?:(-)\s*(\d*))?$/.exec(part);
    if (!m || (m[1] === '' && (m[3] ?? '') === '')) throw new ToolError('pdf:errors.pagesSyntax', { part });
    const first = m[1] === '' ? 1 : Number(m[1]);
    const last = m[2] ? (m[3] === '' ? count : Number(m[3])) : first;
    if (first < 1 || last < 1 || first > count || last > count) throw new ToolError('pdf:errors.pagesRange', { part, count });
    const step = first <= last ? 1 : -1;
    for (let p = first; p !== last + step; p += step) out.push(p - 1);
  }
  return out;
}

/** Groups of 0-based indices for a split: by the ranges of `spec` (each comma part one file), every `n` pages, or one per page. */
export function splitGroups(mode: 'ranges' | 'every' | 'single', count: number, spec: string, n: number): number[][] {
  if (mode === 'ranges') {
    const parts = spec.split(/[,;]+/).map((p) => p.trim()).filter(Boolean);
    if (parts.length === 0) throw new ToolError('pdf:errors.pagesEmpty');
    return parts.map((p) => parsePages(p, count));
  }
  const size = mode === 'single' ? 1 : Math.max(1, Math.floor(n));
  const groups: number[][] = [];
  for (let i = 0; i < count; i += size) groups.push(Array.from({ length: Math.min(size, count - i) }, (_, k) => i + k));
  return groups;
}
