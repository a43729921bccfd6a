import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeMark, tilePositions } from '../../../engines/codecs/watermark';
import type { WatermarkInput } from './watermark';
import { watermarkSpec } from './watermark';

const WIDTH = 480;

/** The first picture, scaled down, with the mark where the job will put it (drawn by the engine's own code). */
export function WatermarkPreview({ image, settings }: { image?: File; settings: WatermarkInput }) {
  const { t } = useTranslation('image-watermark');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [bitmap, setBitmap] = useState<{ file: File; bitmap: ImageBitmap | null }>();
  useEffect(() => {
    if (!image) return;
    let live = true;
    createImageBitmap(image)
      .catch(() => null)
      .then((b) => (live ? setBitmap({ file: image, bitmap: b }) : b?.close()));
    return () => {
      live = false;
    };
  }, [image]);
  useEffect(() => () => bitmap?.bitmap?.close(), [bitmap]);

  const source = bitmap?.file === image ? bitmap?.bitmap : null;
  useEffect(() => {
    const el = canvas.current;
    if (!el || !source) return;
    let live = true;
    const scale = Math.min(1, WIDTH / source.width);
    const w = Math.max(1, Math.round(source.width * scale));
    const h = Math.max(1, Math.round(source.height * scale));
    const spec = { ...watermarkSpec(settings), offsetX: Math.round(settings.offsetX * scale), offsetY: Math.round(settings.offsetY * scale) };
    void import('../../../engines/codecs/watermark-draw')
      .then(({ renderMark }) => renderMark(spec, w, h))
      .then((mark) => {
        if (!live) return;
        el.width = w;
        el.height = h;
        const ctx = el.getContext('2d');
        if (!ctx) return;
        ctx.drawImage(source, 0, 0, w, h);
        const stamp = new OffscreenCanvas(mark.width, mark.height);
        stamp.getContext('2d')?.putImageData(new ImageData(mark.data as Uint8ClampedArray<ArrayBuffer>, mark.width, mark.height), 0, 0);
        ctx.globalAlpha = spec.opacity / 100;
        const spots = spec.tiled ? tilePositions(w, h, mark.width, mark.height) : [placeMark(w, h, mark.width, mark.height, spec.anchor, spec.offsetX, spec.offsetY)];
        for (const s of spots) ctx.drawImage(stamp, s.x, s.y);
      })
      .catch(() => {
        /* No preview for a mark that cannot be drawn (no text, no logo): the rows say why. */
      });
    return () => {
      live = false;
    };
  }, [source, settings]);

  if (!source) return null;
  return (
    <figure className="space-y-1">
      <canvas ref={canvas} className="max-w-full rounded border border-zinc-200 dark:border-zinc-800" data-testid="watermark-preview" aria-label={t('preview')} role="img" />
      <figcaption className="text-xs text-zinc-600 dark:text-zinc-400">{t('preview')}</figcaption>
    </figure>
  );
}
