import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { formatTime, parseTime, type RangeMode, type TimeRange } from '../lib/time-ranges';
import { RadioGroup } from '../ui/controls';

export interface RangeEditorLabels {
  timeline: string;
  start: string;
  end: string;
  /** "Range {{n}}": the group of one range's fields. */
  range: (n: number) => string;
  add: string;
  remove: string;
  mode: string;
  keep: string;
  cut: string;
  /** Under a typed field that is not a time. */
  invalid: string;
}

interface Props {
  /** Seconds; the timeline is drawn once it is known. */
  duration?: number;
  ranges: TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
  mode: RangeMode;
  onModeChange: (mode: RangeMode) => void;
  labels: RangeEditorLabels;
  /** What the timeline shows under the ranges: video thumbnails or a waveform (the two renderers). */
  background?: ReactNode;
  /** Called with the time a handle moved to, for a preview that follows it. */
  onSeek?: (time: number) => void;
  /** Where a lossless path will really cut, drawn dashed where it differs from the ranges. */
  snapped?: TimeRange[];
}

const STEP = 0.1;

/** A typed time (hh:mm:ss.mmm or seconds) that shows the value it is given and reports only times it can read. */
export function TimeField({ label, value, onChange, testId, invalidText }: { label: string; value: number; onChange: (v: number) => void; testId?: string; invalidText: string }) {
  const [draft, setDraft] = useState<string>();
  const parsed = draft === undefined ? value : parseTime(draft);
  const commit = () => {
    if (parsed !== undefined && draft !== undefined) onChange(parsed);
    if (parsed !== undefined) setDraft(undefined);
  };
  return (
    <label className="grid gap-1 text-sm">
      <span>{label}</span>
      <input
        className="field w-32 font-mono tabular-nums"
        inputMode="decimal"
        value={draft ?? formatTime(value)}
        aria-invalid={parsed === undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
        data-testid={testId}
      />
      {parsed === undefined && <span className="text-xs text-red-700 dark:text-red-400">{invalidText}</span>}
    </label>
  );
}

/**
 * One editor for ranges of time (video and audio trim): a timeline with a draggable, keyboard-operable handle at
 * each end of each range, several ranges, keep or cut mode, and typed start and end fields that stay in step with
 * the handles. The first range's fields are `trim-start` and `trim-end`.
 */
export function RangeEditor({ duration, ranges, onChange, mode, onModeChange, labels, background, onSeek, snapped }: Props) {
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ index: number; edge: 'start' | 'end' } | null>(null);
  const length = duration && duration > 0 ? duration : undefined;
  const clamp = (t: number) => Math.max(0, Math.min(length ?? Number.MAX_SAFE_INTEGER, t));

  /** `typed`: a typed end may pass the other one for a moment (start typed before end); the job orders them. */
  const setEdge = (index: number, edge: 'start' | 'end', time: number, typed = false) => {
    const r = ranges[index];
    const t = clamp(time);
    // A dragged handle stops at the other one: a range never turns inside out.
    const next = typed ? { ...r, [edge]: t } : edge === 'start' ? { start: Math.min(t, r.end), end: r.end } : { start: r.start, end: Math.max(t, r.start) };
    onChange(ranges.map((x, i) => (i === index ? next : x)));
    onSeek?.(edge === 'start' ? next.start : next.end);
  };
  const timeAt = (clientX: number) => {
    const box = track.current?.getBoundingClientRect();
    if (!box || !length) return 0;
    return ((clientX - box.left) / box.width) * length;
  };
  // One handler for every handle (it reads which from the element): a closure per handle made in render would
  // reach the drag ref from render, as far as the React compiler can tell.
  const grab = (e: PointerEvent<HTMLElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { index: Number(e.currentTarget.dataset.index), edge: e.currentTarget.dataset.edge === 'end' ? 'end' : 'start' };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (d) setEdge(d.index, d.edge, timeAt(e.clientX));
  };
  const nudge = (e: KeyboardEvent, index: number, edge: 'start' | 'end') => {
    const now = ranges[index][edge];
    const step = e.shiftKey ? 1 : STEP;
    const moves: Record<string, number> = { ArrowLeft: now - step, ArrowDown: now - step, ArrowRight: now + step, ArrowUp: now + step, PageDown: now - 10, PageUp: now + 10, Home: 0, End: length ?? now };
    if (!(e.key in moves)) return;
    e.preventDefault();
    setEdge(index, edge, moves[e.key]);
  };
  const addRange = () => {
    const end = length ?? 0;
    const last = ranges.at(-1);
    const from = last && last.end < end ? last.end : 0;
    onChange([...ranges, { start: from, end: Math.min(end, from + Math.max(1, (end - from) / 2)) }]);
  };
  const pct = (t: number) => `${length ? (clamp(t) / length) * 100 : 0}%`;
  const differs = snapped?.some((s, i) => !ranges[i] || Math.abs(s.start - ranges[i].start) > 1e-3 || Math.abs(s.end - ranges[i].end) > 1e-3);

  return (
    <div className="space-y-3" data-testid="range-editor">
      <RadioGroup
        legend={labels.mode}
        look="segmented"
        value={mode}
        onChange={onModeChange}
        choices={[
          { value: 'keep', label: labels.keep, testId: 'mode-keep' },
          { value: 'remove', label: labels.cut, testId: 'mode-remove' },
        ]}
      />
      {length && (
        <div
          ref={track}
          role="group"
          aria-label={labels.timeline}
          className="relative h-16 touch-none overflow-hidden rounded border border-zinc-300 bg-zinc-100 select-none dark:border-zinc-700 dark:bg-zinc-900"
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
          data-testid="timeline"
        >
          <div className="absolute inset-0">{background}</div>
          {ranges.map((r, i) => (
            <div
              key={`r${i}`}
              className={`absolute inset-y-0 border-x-2 ${mode === 'keep' ? 'border-sky-500 bg-sky-400/25' : 'border-red-500 bg-red-500/30'}`}
              style={{ left: pct(r.start), width: `calc(${pct(r.end)} - ${pct(r.start)})` }}
            />
          ))}
          {differs &&
            snapped?.map((s, i) => (
              <div key={`s${i}`} className="pointer-events-none absolute inset-y-1 border-2 border-dashed border-amber-500" style={{ left: pct(s.start), width: `calc(${pct(s.end)} - ${pct(s.start)})` }} data-testid="range-snapped" />
            ))}
          {ranges.flatMap((r, i) =>
            (['start', 'end'] as const).map((edge) => (
              <div
                key={`${edge}${i}`}
                role="slider"
                tabIndex={0}
                aria-label={`${labels.range(i + 1)}: ${edge === 'start' ? labels.start : labels.end}`}
                aria-valuemin={0}
                aria-valuemax={length}
                aria-valuenow={Math.round(r[edge] * 1000) / 1000}
                aria-valuetext={formatTime(r[edge])}
                className="absolute inset-y-0 z-10 -ml-2 w-4 cursor-ew-resize rounded-sm bg-sky-600/80 outline-offset-2 focus-visible:outline-2 focus-visible:outline-sky-500"
                style={{ left: pct(r[edge]) }}
                onPointerDown={grab}
                data-index={i}
                data-edge={edge}
                onKeyDown={(e) => nudge(e, i, edge)}
                onFocus={() => onSeek?.(r[edge])}
                data-testid={`handle-${edge}`}
              />
            )),
          )}
        </div>
      )}
      <div className="space-y-2">
        {ranges.map((r, i) => (
          <fieldset key={i} className="flex flex-wrap items-end gap-3" data-testid="range">
            <legend className="sr-only">{labels.range(i + 1)}</legend>
            <span className="w-20 self-center text-sm font-medium" aria-hidden>
              {labels.range(i + 1)}
            </span>
            <TimeField label={labels.start} value={r.start} onChange={(t) => setEdge(i, 'start', t, true)} testId={i === 0 ? 'trim-start' : undefined} invalidText={labels.invalid} />
            <TimeField label={labels.end} value={r.end} onChange={(t) => setEdge(i, 'end', t, true)} testId={i === 0 ? 'trim-end' : undefined} invalidText={labels.invalid} />
            {ranges.length > 1 && (
              <button type="button" className="btn btn-outline" onClick={() => onChange(ranges.filter((_, j) => j !== i))} aria-label={`${labels.remove}: ${labels.range(i + 1)}`} data-testid="range-remove">
                <Trash2 className="size-4" aria-hidden />
              </button>
            )}
          </fieldset>
        ))}
        <button type="button" className="btn btn-outline" onClick={addRange} data-testid="range-add">
          <Plus className="size-4" aria-hidden /> {labels.add}
        </button>
      </div>
    </div>
  );
}
