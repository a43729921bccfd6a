interface Props {
  flipH: boolean;
  flipV: boolean;
  onChange: (patch: { flipH?: boolean; flipV?: boolean }) => void;
  /** The two labels, from the tool's own namespace. */
  labels: { h: string; v: string };
}

/** Mirror left-right and top-bottom: two checkboxes (test ids flip-h and flip-v). */
export function FlipChecks({ flipH, flipV, onChange, labels }: Props) {
  return (
    <div className="flex flex-wrap gap-4 text-sm">
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={flipH} onChange={(e) => onChange({ flipH: e.target.checked })} data-testid="flip-h" />
        {labels.h}
      </label>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={flipV} onChange={(e) => onChange({ flipV: e.target.checked })} data-testid="flip-v" />
        {labels.v}
      </label>
    </div>
  );
}
