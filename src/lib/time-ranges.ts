// Time ranges for the trim tools: typed times, the ranges a user marks, and what is kept of the source.
// Pure logic (no DOM): the range editor, the tools' settings and the engines share it.

export interface TimeRange {
  /** Seconds from the start of the source. */
  start: number;
  end: number;
}

export type RangeMode = 'keep' | 'remove';

/**
 * A typed time: seconds ("12.5", "12,5") or hh:mm:ss.mmm / mm:ss.mmm ("1:02:03.250", "02:03"). Undefined when
 * the text is not a time (the field then shows its error and keeps the last good value).
 */
export function parseTime(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  if (!t) return undefined;
  const parts = t.split(':');
  if (parts.length > 3) return undefined;
  let seconds = 0;
  for (let i = 0; i < parts.length; i++) {
    const last = i === parts.length - 1;
    const part = parts[i];
    if (!(last ? /^\d+(\.\d*)?$|^\.\d+$/ : /^\d+$/).test(part)) return undefined;
    const value = Number(part);
    // Minutes and seconds after the first field are below 60 ("1:75" is a typo, not 2:15).
    if (i > 0 && value >= 60) return undefined;
    seconds = seconds * 60 + value;
  }
  return Number.isFinite(seconds) ? seconds : undefined;
}

/** Seconds as hh:mm:ss.mmm (hours only when there are some): what the typed fields show. */
export function formatTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const frac = String(ms % 1000).padStart(3, '0');
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}.${frac}` : `${mm}:${ss}.${frac}`;
}

/** Ranges clipped to [0, duration], empty ones dropped, sorted, overlaps merged. */
export function normaliseRanges(ranges: readonly TimeRange[], duration: number): TimeRange[] {
  const clipped = ranges
    .map((r) => ({ start: Math.max(0, Math.min(r.start, r.end)), end: Math.min(duration, Math.max(r.start, r.end)) }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start);
  const merged: TimeRange[] = [];
  for (const r of clipped) {
    const last = merged.at(-1);
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  return merged;
}

/** What is kept of a source of `duration` seconds: the marked ranges, or (mode "remove") everything else. */
export function keptRanges(ranges: readonly TimeRange[], mode: RangeMode, duration: number): TimeRange[] {
  const marked = normaliseRanges(ranges, duration);
  if (mode === 'keep') return marked;
  const kept: TimeRange[] = [];
  let at = 0;
  for (const r of marked) {
    if (r.start > at) kept.push({ start: at, end: r.start });
    at = r.end;
  }
  if (at < duration) kept.push({ start: at, end: duration });
  return kept;
}

export const totalLength = (ranges: readonly TimeRange[]): number => ranges.reduce((sum, r) => sum + (r.end - r.start), 0);
