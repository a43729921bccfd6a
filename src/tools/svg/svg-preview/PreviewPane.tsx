import { Maximize, Minus, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/bytes';
import { backdropStyle, type Backdrop } from '../shared/backdrop';
import { useObjectUrl } from '../../../kit/useObjectUrl';
import type { PreviewState } from './usePreview';
import { Select } from '../../../ui/controls';

const ZOOMS = [0.1, 0.25, 0.5, 1, 2, 4, 8, 16];
const BACKDROPS: Backdrop[] = ['checker', 'light', 'dark'];

/** The picture as an image (no script runs, nothing is fetched), with zoom, drag-to-pan and backgrounds. */
export function PreviewPane({ state }: { state: PreviewState }) {
  const { t, i18n } = useTranslation(['svg-tools', 'common']);
  const [zoom, setZoom] = useState(1);
  const [backdrop, setBackdrop] = useState<Backdrop>('checker');
  const [failedUrl, setFailedUrl] = useState<string>();
  const scroller = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const url = useObjectUrl(state.status === 'ok' ? state.svg : undefined);
  const step = (dir: 1 | -1) => setZoom((z) => (dir > 0 ? ZOOMS.find((v) => v > z) ?? z : [...ZOOMS].reverse().find((v) => v < z) ?? z));
  const fit = () => {
    const box = scroller.current;
    if (state.status !== 'ok' || !box) return;
    setZoom(Math.max(0.01, Math.min((box.clientWidth - 16) / state.width, (box.clientHeight - 16) / state.height)));
  };

  let message: string | undefined;
  if (state.status === 'empty') message = t('errors.empty');
  else if (state.status === 'error') message = t(state.error.key, state.error.params);
  else if (url && failedUrl === url) message = t('errors.render');

  return (
    <section className="flex min-w-0 flex-col gap-2" aria-label={t('preview.title')}>
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1" role="group" aria-label={t('preview.zoom')}>
          <button type="button" className="btn btn-outline px-2" onClick={() => step(-1)} aria-label={t('preview.zoomOut')} data-testid="zoom-out">
            <Minus className="size-4" aria-hidden />
          </button>
          <span className="w-14 text-center text-sm tabular-nums" data-testid="zoom">
            {Math.round(zoom * 100)}%
          </span>
          <button type="button" className="btn btn-outline px-2" onClick={() => step(1)} aria-label={t('preview.zoomIn')} data-testid="zoom-in">
            <Plus className="size-4" aria-hidden />
          </button>
          <button type="button" className="btn btn-ghost px-2" onClick={fit} aria-label={t('preview.fit')} data-testid="zoom-fit">
            <Maximize className="size-4" aria-hidden />
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setZoom(1)} data-testid="zoom-reset">
            100%
          </button>
        </div>
        <Select inline className="ml-auto" label={t('preview.background')} value={backdrop} options={BACKDROPS.map((b) => ({ value: b, label: t(`preview.backdrops.${b}`) }))} onChange={setBackdrop} testId="backdrop" />
      </div>
      <div
        ref={scroller}
        style={backdropStyle(backdrop)}
        className="relative h-[420px] cursor-grab overflow-auto rounded-md border border-zinc-200 active:cursor-grabbing dark:border-zinc-800"
        data-testid="preview"
        data-status={message ? 'error' : state.status}
        onPointerDown={(e) => {
          drag.current = { x: e.clientX, y: e.clientY };
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          if (!drag.current || !scroller.current) return;
          scroller.current.scrollLeft -= e.clientX - drag.current.x;
          scroller.current.scrollTop -= e.clientY - drag.current.y;
          drag.current = { x: e.clientX, y: e.clientY };
        }}
        onPointerUp={() => (drag.current = null)}
      >
        {message ? (
          <p className="m-4 rounded-md bg-white/90 p-3 text-sm text-red-800 dark:bg-zinc-900/90 dark:text-red-300" role="alert" data-testid="preview-error">
            {message}
          </p>
        ) : (
          state.status === 'ok' &&
          url && (
            <div className="flex min-h-full min-w-full items-center justify-center p-2" style={{ width: 'max-content' }}>
              <img
                src={url}
                alt={t('preview.title')}
                draggable={false}
                width={Math.max(1, state.width * zoom)}
                height={Math.max(1, state.height * zoom)}
                style={{ maxWidth: 'none' }}
                onError={() => setFailedUrl(url)}
                data-testid="preview-image"
              />
            </div>
          )
        )}
      </div>
      {state.status === 'ok' && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="preview-facts">
          {t('preview.facts', {
            width: +state.width.toFixed(2),
            height: +state.height.toFixed(2),
            count: state.elements,
            size: formatBytes(state.bytes, i18n.language),
          })}
        </p>
      )}
    </section>
  );
}
