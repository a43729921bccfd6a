import { ZoomIn, ZoomOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../../kit/useObjectUrl';

interface Props {
  before: Blob;
  after: Blob;
  /** Upright size of the result, so both pictures are drawn at the same size. */
  width: number;
  height: number;
}

const ZOOMS = [1, 2, 4, 8];

/** Before/after: the original on the left of the divider, the result on the right; zoom to see the artefacts. */
export function CompareSlider({ before, after, width, height }: Props) {
  const { t } = useTranslation('image-codecs');
  const beforeUrl = useObjectUrl(before);
  const afterUrl = useObjectUrl(after);
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState(1);
  const zoomIndex = ZOOMS.indexOf(zoom);
  const imgClass = 'pointer-events-none absolute inset-0 h-full w-full select-none object-contain';
  const style = { imageRendering: zoom > 1 ? ('pixelated' as const) : undefined };

  return (
    <div className="space-y-2" data-testid="compare">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="mr-auto text-zinc-600 dark:text-zinc-400">
          {t('compare.before')} ← → {t('compare.after')}
        </span>
        <button type="button" className="btn btn-ghost" onClick={() => setZoom(ZOOMS[Math.max(0, zoomIndex - 1)])} disabled={zoomIndex <= 0} aria-label={t('compare.zoomOut')}>
          <ZoomOut className="size-4" aria-hidden />
        </button>
        <span className="w-10 text-center tabular-nums" data-testid="zoom-level">
          {zoom}×
        </span>
        <button type="button" className="btn btn-ghost" onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, zoomIndex + 1)])} disabled={zoomIndex >= ZOOMS.length - 1} aria-label={t('compare.zoomIn')}>
          <ZoomIn className="size-4" aria-hidden />
        </button>
      </div>
      <div className="max-h-[70vh] overflow-auto rounded-lg border border-zinc-200 bg-[repeating-conic-gradient(#e4e4e7_0_25%,transparent_0_50%)] bg-[length:16px_16px] dark:border-zinc-800 dark:bg-[repeating-conic-gradient(#27272a_0_25%,transparent_0_50%)]">
        <div className="relative mx-auto" style={{ width: `${zoom * 100}%`, aspectRatio: `${width} / ${height}`, maxWidth: zoom === 1 ? `${width}px` : undefined }}>
          {beforeUrl && <img src={beforeUrl} alt={t('compare.before')} className={imgClass} style={style} />}
          {afterUrl && <img src={afterUrl} alt={t('compare.after')} className={imgClass} style={{ ...style, clipPath: `inset(0 0 0 ${split}%)` }} />}
          <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.4)]" style={{ left: `${split}%` }} aria-hidden />
        </div>
      </div>
      <input
        type="range"
        min={0}
        max={100}
        value={split}
        onChange={(e) => setSplit(Number(e.target.value))}
        className="w-full"
        aria-label={t('compare.divider')}
        data-testid="compare-divider"
      />
    </div>
  );
}
