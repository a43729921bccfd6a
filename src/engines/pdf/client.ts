// The page's side of the PDF engine: one worker (MuPDF is loaded once, not once per core), made on first use.
// Tools send bytes and settings and get bytes back; none of them touches the library.
import * as Comlink from 'comlink';
import type { JobContext } from '../../runtime/jobs';
import { WorkerPool } from '../../runtime/WorkerPool';
import type { ImageLayout, MergeOptions, PdfResult } from './mupdf-ops';
import type { PageInfo, PlanSlot } from './organize-ops';
import type { PdfWorkerApi, RenderedPage, RenderOptions, SplitPart } from './worker';
import type { CompressResult, CompressSettings } from './compress-ops';
import type { StampSettings } from './stamp-ops';

export type { ImageLayout, MergeOptions, PageInfo, PdfResult, PlanSlot, RenderedPage, RenderOptions, SplitPart };

let pool: WorkerPool<PdfWorkerApi> | null = null;

function pdfPool(): WorkerPool<PdfWorkerApi> {
  pool ??= new WorkerPool<PdfWorkerApi>(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'pdf' }), 1);
  return pool;
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
  return pdfPool().call(
    (api) => api.merge(Comlink.transfer(inputs, inputs.map((i) => i.bytes.buffer)), options, progress(ctx)),
    ctx.signal,
  );
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

/** Opens `file` for the page grid under `key`: the size of each page as shown. Throws the file's translated error. */
export async function openPdfGrid(key: string, file: Blob): Promise<PageInfo[]> {
  gridFiles.set(key, file);
  const bytes = await read(file);
  return pdfPool().call((api) => api.gridOpen(key, Comlink.transfer(bytes, [bytes.buffer])));
}

/** PNG thumbnails `width` px wide of pages (0-based) of a document opened by openPdfGrid; null where a page cannot be drawn. */
export async function pdfThumbnails(key: string, pages: number[], width: number): Promise<{ page: number; png: Uint8Array | null }[]> {
  try {
    return await pdfPool().call((api) => api.gridThumbnails(key, pages, width));
  } catch (error) {
    const file = gridFiles.get(key);
    if (!file || (error as { key?: string }).key !== 'pdf:errors.gridClosed') throw error;
    await openPdfGrid(key, file);
    return pdfPool().call((api) => api.gridThumbnails(key, pages, width));
  }
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
