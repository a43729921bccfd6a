// The page's side of the PDF engine: one worker (MuPDF is loaded once, not once per core), made on first use.
// Tools send bytes and settings and get bytes back; none of them touches the library.
import * as Comlink from 'comlink';
import type { JobContext } from '../../runtime/jobs';
import { unwrap } from '../../runtime/envelope';
import { WorkerPool } from '../../runtime/WorkerPool';
import type { ImageLayout, MergeOptions, PdfResult } from './mupdf-ops';
import type { PageInfo, PlanSlot } from './organize-ops';
import type { GridOpened, PdfWorkerApi, RenderedPage, RenderOptions, SplitPart } from './worker';
import type { CompressResult, CompressSettings } from './compress-ops';
import type { StampSettings } from './stamp-ops';

export type { GridOpened, ImageLayout, MergeOptions, PageInfo, PdfResult, PlanSlot, RenderedPage, RenderOptions, SplitPart };

let pool: WorkerPool<PdfWorkerApi> | null = null;
/** When the current worker was asked for (epoch ms): the start of the "worker start" phase. */
let workerAskedAt = 0;

function pdfPool(): WorkerPool<PdfWorkerApi> {
  pool ??= new WorkerPool<PdfWorkerApi>(() => {
    workerAskedAt = performance.timeOrigin + performance.now();
    return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'pdf' });
  }, 1);
  return pool;
}

/**
 * Starts the worker and loads MuPDF now (fetch from the cache, compile the 10 MB wasm), so a job started a little
 * later does not wait for them. Failures are left to the job, which reports them in its row.
 */
export function warmPdfEngine(): void {
  void pdfPool()
    .call((api) => api.warm())
    .catch(() => undefined);
}

/** The worker's phases as User Timing measures (pdf:worker-start, pdf:engine-load, pdf:merge) in the page's timeline. */
async function measurePhases(deliveredAt: number): Promise<void> {
  const p = await pdfPool().run((api) => api.phases());
  const at = (epoch: number) => epoch - performance.timeOrigin;
  performance.measure('pdf:worker-start', { start: at(workerAskedAt), end: at(p.workerReady) });
  if (p.engine) performance.measure('pdf:engine-load', { start: at(p.engine[0]), end: at(p.engine[1]) });
  if (p.merge) {
    performance.measure('pdf:merge', { start: at(p.merge[0]), end: at(p.merge[1]) });
    // From the worker's end of the merge to the result in the page (messages queued ahead of it, the transfer).
    performance.measure('pdf:delivery', { start: at(p.merge[1]), end: deliveredAt });
  }
}

/** Frees the worker and MuPDF's memory (a tool page calls it when it unmounts). */
export function releasePdfWorker(): void {
  pool?.terminate();
  pool = null;
}

const read = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());
const progress = (ctx: JobContext) => Comlink.proxy(ctx.onProgress);

export async function mergePdfs(parts: { blob: Blob; name: string; pages: string }[], options: MergeOptions, ctx: JobContext): Promise<PdfResult> {
  const inputs = await Promise.all(parts.map(async (p) => ({ bytes: await read(p.blob), name: p.name, pages: p.pages })));
  const result = await pdfPool().call(
    (api) => api.merge(Comlink.transfer(inputs, inputs.map((i) => i.bytes.buffer)), options, progress(ctx)),
    ctx.signal,
  );
  await measurePhases(performance.now()).catch(() => undefined);
  return result;
}

export async function splitPdf(file: Blob, mode: 'ranges' | 'every' | 'single', spec: string, every: number, ctx: JobContext): Promise<{ parts: SplitPart[]; repaired: boolean }> {
  const bytes = await read(file);
  return pdfPool().call((api) => api.split(Comlink.transfer(bytes, [bytes.buffer]), mode, spec, every, progress(ctx)), ctx.signal);
}

export async function protectPdf(file: Blob, password: string, allow: { print: boolean; copy: boolean; edit: boolean }, ctx: JobContext): Promise<PdfResult> {
  const bytes = await read(file);
  return pdfPool().call((api) => api.protect(Comlink.transfer(bytes, [bytes.buffer]), password, allow), ctx.signal);
}

export async function unlockPdf(file: Blob, password: string, ctx: JobContext): Promise<PdfResult> {
  const bytes = await read(file);
  return pdfPool().call((api) => api.unlock(Comlink.transfer(bytes, [bytes.buffer]), password), ctx.signal);
}

export async function imagesToPdf(images: { blob: Blob; name: string }[], layout: ImageLayout, ctx: JobContext): Promise<PdfResult> {
  const inputs = await Promise.all(images.map(async (i) => ({ bytes: await read(i.blob), name: i.name })));
  return pdfPool().call((api) => api.imagesToPdf(Comlink.transfer(inputs, inputs.map((i) => i.bytes.buffer)), layout, progress(ctx)), ctx.signal);
}

export async function renderPdfPages(file: Blob, pages: string, options: RenderOptions, ctx: JobContext): Promise<RenderedPage[]> {
  const bytes = await read(file);
  return pdfPool().call((api) => api.render(Comlink.transfer(bytes, [bytes.buffer]), pages, options, progress(ctx)), ctx.signal);
}

export async function pdfPageCount(file: Blob, signal?: AbortSignal): Promise<number> {
  const bytes = await read(file);
  return pdfPool().call((api) => api.pageCount(Comlink.transfer(bytes, [bytes.buffer])), signal);
}

/** The pages of `file` as `slots` says (null: all, as they are). */
export async function organizePdf(file: Blob, slots: PlanSlot[] | null, ctx: JobContext): Promise<PdfResult> {
  const bytes = await read(file);
  return pdfPool().call((api) => api.organize(Comlink.transfer(bytes, [bytes.buffer]), slots, progress(ctx)), ctx.signal);
}

/** The files the page grid has opened, by key: a new worker (after a cancel) opens them again when asked for thumbnails. */
const gridFiles = new Map<string, Blob>();

/**
 * Opens `file` for the page grid under `key`: the size of each page as shown, and the first page's thumbnail
 * `firstWidth` px wide when given. Throws the file's translated error. `first` goes ahead of calls already waiting
 * for the worker (the document on screen before the others of a batch).
 */
export async function openPdfGrid(key: string, file: Blob, { firstWidth, first = false }: { firstWidth?: number; first?: boolean } = {}): Promise<GridOpened> {
  gridFiles.set(key, file);
  const bytes = await read(file);
  return pdfPool().call((api) => api.gridOpen(key, Comlink.transfer(bytes, [bytes.buffer]), firstWidth), undefined, { first });
}

/**
 * PNG thumbnails `width` px wide of pages (0-based) of a document opened by openPdfGrid; null where a page cannot be
 * drawn. They go ahead of calls waiting for the worker (the pictures the user is looking at before documents of the
 * batch still to be opened, and before queued jobs). A worker that no longer has the document (a new one after a
 * cancel) opens it again in the same turn, so the thumbnails do not wait behind a job queued meanwhile.
 */
export async function pdfThumbnails(key: string, pages: number[], width: number): Promise<{ page: number; png: Uint8Array | null }[]> {
  return unwrap(
    await pdfPool().run(
      async (api) => {
        const drawn = await api.gridThumbnails(key, pages, width);
        const file = gridFiles.get(key);
        if (drawn.ok || drawn.error.key !== 'pdf:errors.gridClosed' || !file) return drawn;
        const bytes = await read(file);
        const opened = await api.gridOpen(key, Comlink.transfer(bytes, [bytes.buffer]));
        return opened.ok ? api.gridThumbnails(key, pages, width) : opened;
      },
      undefined,
      { first: true },
    ),
  );
}

export function closePdfGrid(key: string): void {
  gridFiles.delete(key);
  if (pool) void pool.run((api) => api.gridClose(key)).catch(() => undefined);
}

export async function compressPdf(file: Blob, settings: CompressSettings, ctx: JobContext): Promise<CompressResult> {
  const bytes = await read(file);
  return pdfPool().call((api) => api.compress(Comlink.transfer(bytes, [bytes.buffer]), settings, progress(ctx)), ctx.signal);
}

export async function stampPdf(file: Blob, settings: StampSettings, ctx: JobContext): Promise<PdfResult> {
  const bytes = await read(file);
  return pdfPool().call((api) => api.stamp(Comlink.transfer(bytes, [bytes.buffer]), settings, progress(ctx)), ctx.signal);
}
