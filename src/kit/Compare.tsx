import { ZoomIn, ZoomOut } from 'lucide-react';
import { useState } from 'react';
import { checkerboard } from './checkerboard';
import { useObjectUrl } from './useObjectUrl';

export interface CompareLabels {
  before: string;
  after: string;
  /** The divider's accessible name. */
  divider: string;
  /** With both, the pictures can be zoomed (1× to 8×, pixels drawn square) to see the artefacts. */
  zoomIn?: string;
  zoomOut?: string;
}

interface Props {
  before: Blob;
  after: Blob;
  /** Upright size of the result: both pictures are drawn in a box of this shape (the original fitted into it). */
  width: number;
  height: number;
  labels: CompareLabels;
}

const ZOOMS = [1, 2, 4, 8];

/** Before/after on a checkerboard: the original left of the divider, the result right of it. */
export function Compare({ before, after, width, height, labels }: Props) {
  const beforeUrl = useObjectUrl(before);
  const afterUrl = useObjectUrl(after);
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState(1);
  const zoomIndex = ZOOMS.indexOf(zoom);
  const imgClass = 'pointer-events-none absolute inset-0 h-full w-full select-none object-contain';
  const style = { imageRendering: zoom > 1 ? ('pixelated' as const) : undefined };

  return (
    <div className="space-y-2" data-testid="compare">
      <div className="max-h-[70vh] overflow-auto rounded-lg border border-zinc-200 dark:border-zinc-800" style={checkerboard()}>
        <div className="relative mx-auto" style={{ width: `${zoom * 100}%`, aspectRatio: `${width} / ${height}`, maxWidth: zoom === 1 ? `${width}px` : undefined }}>
          {beforeUrl && <img src={beforeUrl} alt={labels.before} className={imgClass} style={style} />}
          {afterUrl && <img src={afterUrl} alt={labels.after} className={imgClass} style={{ ...style, clipPath: `inset(0 0 0 ${split}%)` }} />}
          <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.4)]" style={{ left: `${split}%` }} aria-hidden />
        </div>
      </div>
      {/* The zoom buttons wrap under the divider where both do not fit (375 px phones, longer German labels). */}
      <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm" data-testid="compare-toolbar">
        <div className="flex min-w-48 flex-1 items-center gap-3">
          <span>{labels.before}</span>
          <input type="range" min={0} max={100} value={split} onChange={(e) => setSplit(Number(e.target.value))} className="min-w-0 flex-1" aria-label={labels.divider} data-testid="compare-divider" />
          <span>{labels.after}</span>
        </div>
        {labels.zoomIn && labels.zoomOut && (
          <div className="flex shrink-0 items-center">
            <button type="button" className="btn btn-ghost" onClick={() => setZoom(ZOOMS[Math.max(0, zoomIndex - 1)])} disabled={zoomIndex <= 0} aria-label={labels.zoomOut}>
              <ZoomOut className="size-4" aria-hidden />
            </button>
            <span className="w-10 text-center tabular-nums" data-testid="zoom-level">
              {zoom}×
            </span>
            <button type="button" className="btn btn-ghost" onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, zoomIndex + 1)])} disabled={zoomIndex >= ZOOMS.length - 1} aria-label={labels.zoomIn}>
              <ZoomIn className="size-4" aria-hidden />
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
