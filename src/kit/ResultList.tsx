import { Download, FileArchive, Play, RotateCcw, Square, Trash2, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatChange, formatDuration } from '../lib/bytes';
import { downloadBlob, markDownloaded } from '../lib/download';
import { folderOf } from './folderFiles';
import { toast } from '../ui/toast-store';
import { contractStatus, type FileFacts, type FileRow } from '../runtime/jobs';
import { Progress } from './Progress';
import type { FileJobs } from './useFileJobs';

/** The send-to menu (Radix, ~15 KB gzip) loads with the first result, not with the page. */
const SendTo = lazy(() => import('./SendTo').then((m) => ({ default: m.SendTo })));

interface Props {
  jobs: FileJobs;
  /** Name of the "download all" archive, e.g. "localkit-converted.zip". */
  zipName: string;
  /** Row selected for a detail view (e.g. before/after); rows become selectable when given. */
  selectedId?: string;
  onSelect?: (id: string) => void;
  /** Tool-specific keys for download failures (the image tools say "download images individually"). */
  failureKeys?: { zip?: string; download?: string };
  /** Show the size change (−40 %); false where the output is not a smaller copy of the input (cut-outs, text). */
  sizeChange?: boolean;
}

function factsLine(facts: FileFacts | undefined, t: (k: string, o?: Record<string, string>) => string, lang?: string): string[] {
  if (!facts) return [];
  const parts: string[] = [];
  if (facts.format) parts.push(String(facts.format));
  if (facts.width && facts.height) {
    // A resize step shows where it started: 4000×3000 → 1280×960.
    const resized = facts.inputWidth && facts.inputHeight && (facts.inputWidth !== facts.width || facts.inputHeight !== facts.height);
    parts.push(resized ? `${facts.inputWidth}×${facts.inputHeight} → ${facts.width}×${facts.height}` : `${facts.width}×${facts.height}`);
  }
  if (facts.duration !== undefined) parts.push(formatDuration(facts.duration));
  if (facts.quality !== undefined) parts.push(`${t('files.quality')} ${facts.quality}`);
  if (facts.score !== undefined) parts.push(`SSIMULACRA2 ${facts.score}`);
  // The browser's estimate of butteraugli (image compressor's visual-quality mode), hence "≈".
  if (facts.butteraugli !== undefined) parts.push(`butteraugli ≈ ${facts.butteraugli}`);
  if (facts.ssim !== undefined) parts.push(`SSIM ${facts.ssim}`);
  // A tool's remark on this file, as a translation key (e.g. the original was kept).
  if (typeof facts.note === 'string') parts.push(t(facts.note));
  // The metadata the user chose to keep that this output could not take (its format named).
  if (typeof facts.metadataNote === 'string') parts.push(t(facts.metadataNote, { format: String(facts.format ?? '') }));
  // Where a lossless trim really cut (key frames), e.g. "really cut at 00:01.000–00:02.400".
  if (typeof facts.cuts === 'string') parts.push(t('media:trim.cutAt', { cuts: facts.cuts }));
  // How much of an exact cut was re-encoded (the pictures from each cut to the next key frame).
  if (typeof facts.reencodedSeconds === 'number') parts.push(t('media:trim.reencoded', { seconds: facts.reencodedSeconds.toFixed(2) }));
  // A target size the file could not be brought down to (video compress).
  if (typeof facts.targetMissed === 'number') parts.push(t('media:video.targetMissed', { target: formatBytes(facts.targetMissed, lang) }));
  // A quality level the video could not reach (WebM at a quality level): the SSIM asked, beside the SSIM reached.
  if (typeof facts.ssimMissed === 'number') parts.push(t('media:video.ssimMissed', { target: facts.ssimMissed.toFixed(2) }));
  if (typeof facts.ssimAbove === 'number') parts.push(t('media:video.ssimAbove', { target: facts.ssimAbove.toFixed(2), rate: String(facts.floorKbps) }));
  return parts;
}

/**
 * After files are dropped (or handed over), brings the first new row and the summary line above the rows (the
 * batch's progress) into view when they landed below the window's edge. Once per drop and only downwards, by the
 * least distance: progress and results arriving later never move the page, so a user who scrolls back up to read
 * the settings keeps their place.
 */
function useBringNewRowsIntoView(list: RefObject<HTMLUListElement | null>, count: number) {
  const seen = useRef(count);
  useLayoutEffect(() => {
    const before = seen.current;
    seen.current = count;
    const row = count > before ? list.current?.children[before] : undefined;
    const section = list.current?.parentElement;
    if (!row || !section) return;
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const rowBox = row.getBoundingClientRect();
    if (rowBox.bottom <= window.innerHeight && rowBox.top >= header) return;
    // The row's bottom edge to the window's bottom, but never the summary line up under the sticky header.
    const top = before === 0 ? section.getBoundingClientRect().top : rowBox.top;
    const by = Math.min(rowBox.bottom + 16 - window.innerHeight, top - header - 16);
    if (by <= 0) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollBy({ top: by, behavior: smooth ? 'smooth' : 'instant' });
  }, [list, count]);
}

function useTicker(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** The processed-file records of a batch: one row per file, download one or all (ZIP), cancel, retry, remove. */
export function ResultList({ jobs, zipName, selectedId, onSelect, failureKeys, sizeChange = true }: Props) {
  const { t, i18n } = useTranslation();
  const [zipping, setZipping] = useState<{ done: number; total: number } | null>(null);
  const { rows } = jobs;
  const running = rows.some((r) => r.status === 'working' || r.status === 'queued');
  const now = useTicker(running);
  const done = rows.filter((r) => r.status === 'done' && r.result);
  const ready = rows.filter((r) => r.status === 'ready');
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' });
  const list = useRef<HTMLUListElement>(null);
  useBringNewRowsIntoView(list, rows.length);

  if (rows.length === 0) return null;

  const downloadAll = async () => {
    setZipping({ done: 0, total: done.length });
    try {
      // Files that came from a folder go back into the same folders; createZip makes every path safe and unique.
      // The ZIP writer (fflate) loads on the first "download all", not with every tool page.
      const { createZip } = await import('../engines/zip');
      const zip = await createZip(
        done.map((r) => ({ name: r.result!.name, blob: r.result!.blob, folder: folderOf(r.file) })),
        (d, total) => setZipping({ done: d, total }),
      );
      downloadBlob(zip, zipName);
      markDownloaded(done.map((r) => r.result!.blob));
    } catch (error) {
      console.error(error);
      toast({ title: t('errors.zipFailed'), description: t(failureKeys?.zip ?? 'errors.downloadFailed'), variant: 'destructive' });
    } finally {
      setZipping(null);
    }
  };

  const originalTotal = done.reduce((s, r) => s + r.file.size, 0);
  const resultTotal = done.reduce((s, r) => s + r.result!.size, 0);

  return (
    <section className="mt-6 space-y-3" aria-label={t('files.result')} data-testid="result-list">
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm text-zinc-600 dark:text-zinc-400" data-testid="result-summary">
          {t('files.summary', { done: done.length, total: rows.length })}
          {done.length > 0 && originalTotal > 0 && ` · ${formatBytes(originalTotal, i18n.language)} → ${formatBytes(resultTotal, i18n.language)}`}
          {done.length > 0 && originalTotal > 0 && sizeChange && ` (${formatChange(originalTotal, resultTotal)})`}
        </p>
        {(jobs.autoStart ? ready.some((r) => r.handed && !r.cancelled) : ready.length > 0) && (
          <button type="button" className="btn btn-primary" onClick={jobs.start} data-testid="start">
            <Play className="size-4" aria-hidden /> {t('actions.start')}
          </button>
        )}
        {running && (
          <button type="button" className="btn btn-outline" onClick={jobs.cancelAll} data-testid="cancel-all">
            <Square className="size-4" aria-hidden /> {t('actions.cancelAll')}
          </button>
        )}
        {done.length > 1 && (
          <Suspense>
            <SendTo results={done.map((r) => r.result!)} all />
          </Suspense>
        )}
        <button type="button" className="btn btn-primary" onClick={downloadAll} disabled={done.length === 0 || !!zipping} data-testid="download-all">
          <FileArchive className="size-4" aria-hidden />
          {zipping ? `${t('actions.downloadAll')} ${zipping.done}/${zipping.total}` : t('actions.downloadAll')}
        </button>
        <button type="button" className="btn btn-outline" onClick={jobs.clear} data-testid="clear-all">
          <Trash2 className="size-4" aria-hidden /> {t('actions.clearAll')}
        </button>
      </div>
      <ul ref={list} className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {rows.map((row) => (
          <ResultRow
            key={row.id}
            row={row}
            jobs={jobs}
            now={now}
            time={time}
            selected={row.id === selectedId}
            onSelect={onSelect}
            downloadFailedKey={failureKeys?.download}
            sizeChange={sizeChange}
          />
        ))}
      </ul>
    </section>
  );
}

interface RowProps {
  row: FileRow;
  jobs: FileJobs;
  now: number;
  time: Intl.DateTimeFormat;
  selected: boolean;
  onSelect?: (id: string) => void;
  downloadFailedKey?: string;
  sizeChange: boolean;
}

function ResultRow({ row, jobs, now, time, selected, onSelect, downloadFailedKey, sizeChange }: RowProps) {
  const { t, i18n } = useTranslation();
  const status = contractStatus(row.status);
  const inputFacts = factsLine({ format: row.file.type || undefined, ...row.inputFacts }, t);
  const outputFacts = factsLine(row.result?.facts, t, i18n.language);
  const errorText = row.error ? t(row.error.key, row.error.params) : undefined;

  return (
    <li
      data-testid="result-row"
      data-status={status}
      data-name={row.file.name}
      data-engine={row.result?.engine}
      className={`grid gap-2 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_minmax(0,1.2fr)_auto] sm:items-center ${selected ? 'bg-blue-50 dark:bg-blue-950/30' : ''}`}
      onClick={onSelect && row.status === 'done' ? () => onSelect(row.id) : undefined}
    >
      <div className="min-w-0">
        <p className="truncate font-medium" title={row.file.name}>
          {row.file.name}
        </p>
        <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
          {[...inputFacts, t('files.added') + ' ' + time.format(row.addedAt)].join(' · ')}
        </p>
      </div>
      <div className="text-sm tabular-nums">
        <span data-testid="size-before">{formatBytes(row.file.size, i18n.language)}</span>
        {row.result && (
          <>
            {' → '}
            <span data-testid="size-after">{formatBytes(row.result.size, i18n.language)}</span>{' '}
            {sizeChange && (
              <span className={row.result.size <= row.file.size ? 'text-green-700 dark:text-green-400' : 'text-amber-700 dark:text-amber-400'} data-testid="size-change">
                {formatChange(row.file.size, row.result.size)}
              </span>
            )}
            {outputFacts.length > 0 && <span className="block text-xs text-zinc-600 dark:text-zinc-400">{outputFacts.join(' · ')}</span>}
          </>
        )}
      </div>
      <div className="min-w-0 text-sm" aria-live="polite">
        {row.status === 'working' && <Progress progress={row.progress} startedAt={row.startedAt} now={now} />}
        {row.status === 'queued' && <span className="text-zinc-600 dark:text-zinc-400">{t('status.queued')}</span>}
        {row.status === 'ready' && <span className="text-zinc-600 dark:text-zinc-400">{t(row.cancelled ? 'status.cancelled' : 'status.ready')}</span>}
        {row.status === 'done' && <span className="text-green-700 dark:text-green-400">{t('status.done')}</span>}
        {row.status === 'error' && (
          <span className="text-red-700 dark:text-red-400" role="alert" data-testid="row-error">
            {errorText}
          </span>
        )}
      </div>
      {/* Wraps on a phone: "Senden an…" and "Herunterladen" with the remove button were 10 px wider than 375 px. */}
      <div className="flex flex-wrap items-center justify-end gap-1">
        {row.result && (
          <Suspense>
            <SendTo results={[row.result]} />
          </Suspense>
        )}
        {row.result && (
          <button
            type="button"
            className="btn btn-outline"
            data-testid="download"
            onClick={(e) => {
              e.stopPropagation();
              try {
                downloadBlob(row.result!.blob, row.result!.name);
              } catch (error) {
                console.error(error);
                toast({ title: t(downloadFailedKey ?? 'errors.downloadFailed'), description: row.result!.name, variant: 'destructive' });
              }
            }}
          >
            <Download className="size-4" aria-hidden /> {t('actions.download')}
          </button>
        )}
        {(row.status === 'working' || row.status === 'queued') && (
          <button type="button" className="btn btn-ghost" onClick={() => jobs.cancel(row.id)} data-testid="cancel" aria-label={`${t('actions.cancel')} ${row.file.name}`}>
            <X className="size-4" aria-hidden /> {t('actions.cancel')}
          </button>
        )}
        {(row.status === 'error' || (row.status === 'ready' && row.cancelled)) && (
          <button type="button" className="btn btn-ghost" onClick={() => jobs.retry(row.id)} data-testid="retry" aria-label={`${t('actions.retry')} ${row.file.name}`}>
            <RotateCcw className="size-4" aria-hidden />
          </button>
        )}
        <button type="button" className="btn btn-ghost" onClick={() => jobs.remove(row.id)} data-testid="remove" aria-label={`${t('actions.remove')} ${row.file.name}`}>
          <Trash2 className="size-4" aria-hidden />
        </button>
      </div>
    </li>
  );
}
