import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeRect, type Region } from './pixelate';

export type Tool = 'rect' | 'brush';

interface Props {
  width: number;
  height: number;
  /** The latest rendered preview, full size. */
  pixels: ImageData | null;
  tool: Tool;
  brushRadius: number;
  onRegion: (region: Region) => void;
}

type Drag = { kind: 'rect'; x0: number; y0: number; x1: number; y1: number } | { kind: 'brush'; points: { x: number; y: number }[] };

/** The preview at full resolution (scaled to fit by CSS) and, over it, the selection being drawn. */
export function MosaicCanvas({ width, height, pixels, tool, brushRadius, onRegion }: Props) {
  const { t } = useTranslation('image-mosaic');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  useEffect(() => {
    if (pixels) canvasRef.current?.getContext('2d')?.putImageData(pixels, 0, 0);
  }, [pixels]);

  const toImage = (e: PointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - box.left) / box.width) * width, y: ((e.clientY - box.top) / box.height) * height };
  };

  const onDown = (e: PointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = toImage(e);
    setDrag(tool === 'rect' ? { kind: 'rect', x0: p.x, y0: p.y, x1: p.x, y1: p.y } : { kind: 'brush', points: [p] });
  };
  const onMove = (e: PointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    const p = toImage(e);
    setDrag(drag.kind === 'rect' ? { ...drag, x1: p.x, y1: p.y } : { kind: 'brush', points: [...drag.points, p] });
  };
  const onUp = () => {
    if (!drag) return;
    setDrag(null);
    if (drag.kind === 'rect') {
      const rect = normalizeRect(drag.x0, drag.y0, drag.x1, drag.y1, width, height);
      if (rect) onRegion(rect);
    } else {
      onRegion({ kind: 'brush', radius: brushRadius, points: drag.points.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) })) });
    }
  };

  return (
    <div className="relative mx-auto w-fit max-w-full" data-testid="mosaic-editor">
      <canvas ref={canvasRef} width={width} height={height} className="block max-h-[70vh] max-w-full touch-none" data-testid="mosaic-canvas" aria-label={t('canvasLabel')} role="img" />
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="absolute inset-0 h-full w-full cursor-crosshair touch-none"
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={() => setDrag(null)}
        data-testid="mosaic-surface"
        aria-hidden
      >
        {drag?.kind === 'rect' && (
          <rect
            x={Math.min(drag.x0, drag.x1)}
            y={Math.min(drag.y0, drag.y1)}
            width={Math.abs(drag.x1 - drag.x0)}
            height={Math.abs(drag.y1 - drag.y0)}
            fill="rgb(37 99 235 / 0.2)"
            stroke="rgb(37 99 235)"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        )}
        {drag?.kind === 'brush' && (
          <polyline
            points={drag.points.map((p) => `${p.x},${p.y}`).join(' ')}
            fill="none"
            stroke="rgb(37 99 235 / 0.4)"
            strokeWidth={brushRadius * 2}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        )}
      </svg>
    </div>
  );
}
