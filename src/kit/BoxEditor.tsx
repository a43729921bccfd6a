import { useRef, useState, type PointerEvent } from 'react';
import { NumberField } from '../ui/controls';
import { useObjectUrl } from './useObjectUrl';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Props {
  /** The picture the box is drawn on (its upright size is the box's space, in source pixels). */
  image?: Blob;
  box: Box;
  onChange: (box: Box) => void;
  /** width / height to keep while resizing; 0 = free. */
  aspect: number;
  /** What a lossless path will really cut, drawn dashed when it differs from the box. */
  snapped?: Box;
  labels: { x: string; y: string; width: string; height: string; preview: string };
  /** Reports the picture's size once loaded. */
  onImageSize?: (size: { width: number; height: number }) => void;
}

const clampBox = (b: Box, w: number, h: number): Box => {
  const width = Math.max(1, Math.min(w, Math.round(b.width)));
  const height = Math.max(1, Math.min(h, Math.round(b.height)));
  return { x: Math.max(0, Math.min(w - width, Math.round(b.x))), y: Math.max(0, Math.min(h - height, Math.round(b.y))), width, height };
};

/**
 * A box on a picture, in the picture's own pixels: drag it to move, drag its corner to resize, or type x, y, width and
 * height (data-testid crop-x, crop-y, crop-width, crop-height). Shared by the tools that cut or place something.
 */
export function BoxEditor({ image, box, onChange, aspect, snapped, labels, onImageSize }: Props) {
  const url = useObjectUrl(image);
  const [size, setSize] = useState<{ width: number; height: number }>();
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ mode: 'move' | 'resize'; startX: number; startY: number; box: Box } | null>(null);
  const bounds = size ?? { width: Number.MAX_SAFE_INTEGER, height: Number.MAX_SAFE_INTEGER };
  const set = (b: Box) => onChange(clampBox(b, bounds.width, bounds.height));

  const scale = () => (size && frame.current ? size.width / frame.current.clientWidth : 1);
  const start = (e: PointerEvent, mode: 'move' | 'resize') => {
    e.preventDefault();
    e.stopPropagation();
    (e.target as Element).setPointerCapture(e.pointerId);
    drag.current = { mode, startX: e.clientX, startY: e.clientY, box };
  };
  const move = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = (e.clientX - d.startX) * scale();
    const dy = (e.clientY - d.startY) * scale();
    if (d.mode === 'move') set({ ...d.box, x: d.box.x + dx, y: d.box.y + dy });
    else {
      const width = d.box.width + dx;
      set({ ...d.box, width, height: aspect ? width / aspect : d.box.height + dy });
    }
  };
  const typed = (patch: Partial<Box>) => {
    const next = { ...box, ...patch };
    if (aspect && patch.width !== undefined) next.height = next.width / aspect;
    else if (aspect && patch.height !== undefined) next.width = next.height * aspect;
    // A typed corner stays where it was typed: the box gives up width or height rather than moving back.
    if (size && patch.x !== undefined && next.x + next.width > size.width) {
      next.width = Math.max(1, size.width - next.x);
      if (aspect) next.height = next.width / aspect;
    }
    if (size && patch.y !== undefined && next.y + next.height > size.height) {
      next.height = Math.max(1, size.height - next.y);
      if (aspect) next.width = next.height * aspect;
    }
    set(next);
  };
  const pct = (v: number, of: number | undefined) => `${of ? (v / of) * 100 : 0}%`;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <NumberField label={labels.x} value={box.x} min={0} onChange={(x) => typed({ x })} testId="crop-x" widthClass="w-24" />
        <NumberField label={labels.y} value={box.y} min={0} onChange={(y) => typed({ y })} testId="crop-y" widthClass="w-24" />
        <NumberField label={labels.width} value={box.width} min={1} onChange={(width) => typed({ width })} testId="crop-width" widthClass="w-24" />
        <NumberField label={labels.height} value={box.height} min={1} onChange={(height) => typed({ height })} testId="crop-height" widthClass="w-24" />
      </div>
      {url && (
        <div ref={frame} className="relative inline-block max-w-full touch-none select-none" onPointerMove={move} onPointerUp={() => (drag.current = null)} data-testid="box-editor">
          <img
            src={url}
            alt={labels.preview}
            className="block max-h-[60vh] max-w-full"
            draggable={false}
            onLoad={(e) => {
              const s = { width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight };
              setSize(s);
              onImageSize?.(s);
            }}
          />
          {size && (
            <>
              {snapped && (
                <div className="pointer-events-none absolute border border-dashed border-amber-400" style={{ left: pct(snapped.x, size.width), top: pct(snapped.y, size.height), width: pct(snapped.width, size.width), height: pct(snapped.height, size.height) }} data-testid="box-snapped" />
              )}
              <div
                className="absolute cursor-move border-2 border-sky-500 shadow-[0_0_0_9999px_rgba(0,0,0,0.45)]"
                style={{ left: pct(box.x, size.width), top: pct(box.y, size.height), width: pct(box.width, size.width), height: pct(box.height, size.height) }}
                onPointerDown={(e) => start(e, 'move')}
                data-testid="box"
              >
                <div className="absolute -right-2 -bottom-2 size-4 cursor-nwse-resize rounded-sm border-2 border-white bg-sky-500" onPointerDown={(e) => start(e, 'resize')} data-testid="box-handle" />
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
}
