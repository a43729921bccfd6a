import { Undo2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closePdfGrid, openPdfGrid, pdfThumbnails, releasePdfWorker, type PageInfo } from '../../../engines/pdf/client';
import { toErrorKey, ToolError } from '../../../lib/errors';
import { FileDrop } from '../../../kit/FileDrop';
import { PageGrid } from '../../../kit/PageGrid';
import { allPages, type PageSlot } from '../../../kit/pageSlots';
import { ResultList } from '../../../kit/ResultList';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { StaleResults } from '../../../kit/StaleResults';
import { useFileJobs } from '../../../kit/useFileJobs';
import { usePageThumbnails } from '../../../kit/usePageThumbnails';
import { PDF_ACCEPT } from '../../accepts';
import { formatOrder, parseOrder } from './order';
import { organizeJob, PRESET_DEFAULTS, PRESET_SCHEMA } from './organize';

/** One file's grid: its pages' sizes, the plan, and the typed form of the plan (with its error while it cannot be read). */
type Doc =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; sizes: PageInfo[]; first: { page: number; blob: Blob | null } | null; slots: PageSlot[]; text: string; error?: { key: string; params?: Record<string, string | number> } };

/** Thumbnail width in device pixels: the card's picture is about 8rem. */
const thumbWidth = () => Math.round(136 * Math.min(2, Math.max(1, globalThis.devicePixelRatio || 1)));

export default function PdfOrganizePage() {
  const { t } = useTranslation('pdf');
  const [docs, setDocs] = useState<Record<string, Doc>>({});
  // The plan each file is written with, read by the job when it starts.
  const plans = useRef(new Map<File, PageSlot[]>());
  const [revision, setRevision] = useState(0);
  const jobs = useFileJobs({
    run: (file, _settings, ctx) => organizeJob(file, plans.current.get(file), ctx),
    settings: { revision },
    autoStart: false,
    fallbackErrorKey: 'pdf:errors.failed',
    onDispose: releasePdfWorker,
    resultKey: (s) => String(s.revision),
  });
  const [selectedId, setSelectedId] = useState<string>();
  const selected = jobs.rows.find((r) => r.id === selectedId) ?? jobs.rows[jobs.rows.length - 1];
  const doc = selected ? docs[selected.id] : undefined;
  const ready = doc?.status === 'ready' ? doc : undefined;

  // Each new file is opened for the grid (one at a time: the PDF worker takes one call at a time), the last one (the
  // one shown) first and with its first page's picture; an unreadable one fails in its own row, with the engine's
  // translated error.
  const opening = useRef(new Set<string>());
  const { rows, queue } = jobs;
  useEffect(() => {
    const shown = rows.at(-1);
    for (const row of [...rows].reverse()) {
      if (opening.current.has(row.id)) continue;
      opening.current.add(row.id);
      setDocs((d) => ({ ...d, [row.id]: { status: 'loading' } }));
      const failed = (error: unknown) => {
        setDocs((d) => ({ ...d, [row.id]: { status: 'failed' } }));
        queue.fail(row.id, toErrorKey(error, 'pdf:errors.failed'));
      };
      if (row.file.size === 0) {
        failed(new ToolError('errors.emptyFile'));
        continue;
      }
      const isShown = row === shown;
      openPdfGrid(row.id, row.file, { firstWidth: isShown ? thumbWidth() : undefined, first: isShown }).then(({ sizes, first }) => {
        const slots = allPages(sizes.length);
        plans.current.set(row.file, slots);
        const picture = first && { page: first.page, blob: first.png ? new Blob([first.png as Uint8Array<ArrayBuffer>], { type: 'image/png' }) : null };
        setDocs((d) => ({ ...d, [row.id]: { status: 'ready', sizes, first: picture, slots, text: formatOrder(slots) } }));
      }, failed);
    }
    // Rows removed: their documents are closed in the worker.
    for (const id of opening.current) {
      if (!rows.some((r) => r.id === id)) {
        opening.current.delete(id);
        closePdfGrid(id);
        setDocs(({ [id]: _gone, ...rest }) => rest);
      }
    }
  }, [rows, queue]);

  const setPlan = (slots: PageSlot[], text = formatOrder(slots)) => {
    if (!selected || !ready) return;
    plans.current.set(selected.file, slots);
    setDocs((d) => ({ ...d, [selected.id]: { ...ready, slots, text, error: undefined } }));
    setRevision((r) => r + 1);
  };
  const typeOrder = (text: string) => {
    if (!selected || !ready) return;
    try {
      setPlan(parseOrder(text, ready.sizes.length), text);
    } catch (error) {
      setDocs((d) => ({ ...d, [selected.id]: { ...ready, text, error: toErrorKey(error, 'pdf:errors.pagesSyntax') } }));
    }
  };

  const draw = useCallback(async (pages: number[]) => {
    if (!selected) return [];
    const drawn = await pdfThumbnails(selected.id, pages, thumbWidth());
    return drawn.map(({ page, png }) => ({ page, blob: png ? new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }) : null }));
  }, [selected]);
  const thumbs = usePageThumbnails(ready ? selected?.id : undefined, draw, ready?.first);

  return (
    <div className="space-y-6">
      <FileDrop
        accept={PDF_ACCEPT}
        onFiles={(files) => {
          jobs.addFiles(files);
          setSelectedId(undefined);
        }}
        typesLabel="PDF"
      />
      {selected && doc?.status === 'loading' && <p className="text-sm text-zinc-600 dark:text-zinc-400" role="status">{t('organize.loading', { name: selected.file.name })}</p>}
      {selected && ready && (
        <section className="panel space-y-4" aria-label={t('organize.grid', { name: selected.file.name })}>
          <div className="flex flex-wrap items-end gap-3">
            <label className="grid min-w-64 flex-1 gap-1 text-sm font-medium">
              {t('organize.pages')}
              <input
                className="field"
                value={ready.text}
                onChange={(e) => typeOrder(e.target.value)}
                aria-invalid={ready.error ? true : undefined}
                aria-describedby="organize-pages-hint organize-pages-error"
                spellCheck={false}
                data-testid="pages"
              />
            </label>
            <button type="button" className="btn btn-outline" onClick={() => setPlan(allPages(ready.sizes.length))} data-testid="reset-order">
              <Undo2 className="size-4" aria-hidden /> {t('organize.reset')}
            </button>
            <SettingsPresets toolId="pdf-organize" settings={{ pages: ready.text }} defaults={PRESET_DEFAULTS} schema={PRESET_SCHEMA} onApply={(p) => typeOrder(p.pages)} />
          </div>
          <p id="organize-pages-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
            {t('organize.hint')}
          </p>
          <p id="organize-pages-error" className="text-sm text-red-700 dark:text-red-400" role="alert" data-testid="pages-error">
            {ready.error ? t(ready.error.key, ready.error.params) : ''}
          </p>
          <PageGrid slots={ready.slots} onChange={(slots) => setPlan(slots)} sizes={ready.sizes} thumbnails={thumbs.urls} onNear={thumbs.want} label={t('organize.grid', { name: selected.file.name })} />
        </section>
      )}
      {jobs.stale && <StaleResults jobs={jobs} message={t('common:staleResults')} action={t('organize.start')} />}
      <ResultList jobs={jobs} zipName="localkit-organized.zip" selectedId={selected?.id} onSelect={setSelectedId} sizeChange={false} />
    </div>
  );
}
