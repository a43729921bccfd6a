// The PDF engine's one worker: MuPDF behind comlink, answering with the house envelope. MuPDF (a 10 MB wasm) loads
// on the first call, so a page that never runs a job never fetches it; a load that fails is a translated error.
import * as Comlink from 'comlink';
import { engineLoadError } from '../../lib/errors';
import { settle, type Envelope, type ProgressPort } from '../../runtime/envelope';
import type { ImageLayout, MergeOptions, MergePart, PdfResult } from './mupdf-ops';
import type { CompressResult, CompressSettings } from './compress-ops';
import type { StampSettings } from './stamp-ops';
import { splitGroups } from './pages';
import type { PageInfo, PlanSlot } from './organize-ops';
import type { PDFDocument } from 'mupdf';
import { ToolError } from '../../lib/errors';

/** A document opened for the page grid: its pages' sizes, and the first page's thumbnail when it was asked for. */
export interface GridOpened {
  sizes: PageInfo[];
  first: { page: number; png: Uint8Array | null } | null;
}

/** Phases as epoch milliseconds: this script running, MuPDF fetched + compiled + started, the last merge. */
export interface EnginePhases {
  workerReady: number;
  engine?: [number, number];
  merge?: [number, number];
}
const now = () => performance.timeOrigin + performance.now();
const phases: EnginePhases = { workerReady: now() };

type Ops = typeof import('./mupdf-ops');
let ops: Promise<Ops> | undefined;

async function engine(): Promise<Ops> {
  const started = now();
  ops ??= import('./mupdf-ops').then(
    (loaded) => {
      phases.engine = [started, now()];
      return loaded;
    },
    async (error: unknown) => {
      ops = undefined;
      console.error(error);
      throw await engineLoadError('pdf');
    },
  );
  return ops;
}

// Compress PDF also needs the codecs (MozJPEG, Lanczos3): loaded only by the tool that uses them.
let compressOps: Promise<typeof import('./compress-ops')> | undefined;
async function compressEngine(): Promise<typeof import('./compress-ops')> {
  compressOps ??= import('./compress-ops').catch(async (error: unknown) => {
    compressOps = undefined;
    console.error(error);
    throw await engineLoadError('pdf');
  });
  return compressOps;
}

const FALLBACK = 'pdf:errors.failed';
const bytesOf = (r: PdfResult) => [r.bytes.buffer as ArrayBuffer];
/**
 * Progress in items, sent only when the whole percent changes (at most 101 messages): one message per page of a
 * 1000-page merge queued 1000 renders in the page ahead of the result (12 s of a 25 s merge at load 24).
 */
const items = (onProgress: ProgressPort) => {
  let sent = -1;
  return (done: number, total: number) => {
    const percent = total > 0 ? Math.floor((done * 100) / total) : 100;
    if (percent === sent) return;
    sent = percent;
    void onProgress({ kind: 'fraction', done, total, unit: 'items' });
  };
};

export interface RenderOptions {
  dpi: number;
  format: 'png' | 'jpeg';
  /** JPEG quality, 1-100. */
  quality: number;
}

export interface RenderedPage {
  page: number;
  bytes: Uint8Array;
  width: number;
  height: number;
}

export interface SplitPart {
  bytes: Uint8Array;
  /** 1-based first and last page of the part, for its name. */
  first: number;
  last: number;
}

const api = {
  merge(parts: MergePart[], options: MergeOptions, onProgress: ProgressPort): Promise<Envelope<PdfResult>> {
    return settle(
      async () => {
        const { mergePdfs } = await engine();
        const started = now();
        const result = mergePdfs(parts, options, items(onProgress));
        phases.merge = [started, now()];
        return result;
      },
      FALLBACK,
      bytesOf,
    );
  },

  /** Loads MuPDF ahead of a job (a tool calls it while the user is still choosing files). */
  warm(): Promise<Envelope<null>> {
    return settle(async () => {
      await engine();
      return null;
    }, FALLBACK);
  },

  phases(): EnginePhases {
    return phases;
  },

  split(bytes: Uint8Array, mode: 'ranges' | 'every' | 'single', spec: string, every: number, onProgress: ProgressPort): Promise<Envelope<{ parts: SplitPart[]; repaired: boolean }>> {
    return settle(
      async () => {
        const { openPdf, extractPages } = await engine();
        const { doc, repaired } = openPdf(bytes);
        const groups = splitGroups(mode, doc.countPages(), spec, every);
        const parts = groups.map((group, k) => {
          const part = { bytes: extractPages(doc, group), first: group[0] + 1, last: group[group.length - 1] + 1 };
          onProgress({ kind: 'fraction', done: k + 1, total: groups.length, unit: 'files' });
          return part;
        });
        return { parts, repaired };
      },
      FALLBACK,
      (r) => r.parts.map((p) => p.bytes.buffer as ArrayBuffer),
    );
  },

  protect(bytes: Uint8Array, password: string, allow: { print: boolean; copy: boolean; edit: boolean }): Promise<Envelope<PdfResult>> {
    return settle(async () => (await engine()).protectPdf(bytes, password, allow), FALLBACK, bytesOf);
  },

  unlock(bytes: Uint8Array, password: string): Promise<Envelope<PdfResult>> {
    return settle(async () => (await engine()).unlockPdf(bytes, password), FALLBACK, bytesOf);
  },

  imagesToPdf(images: { bytes: Uint8Array; name: string }[], layout: ImageLayout, onProgress: ProgressPort): Promise<Envelope<PdfResult>> {
    return settle(async () => (await engine()).imagesToPdf(images, layout, items(onProgress)), FALLBACK, bytesOf);
  },

  render(bytes: Uint8Array, pages: string, options: RenderOptions, onProgress: ProgressPort): Promise<Envelope<RenderedPage[]>> {
    return settle(
      async () => (await engine()).renderPages(bytes, pages, options, items(onProgress)),
      FALLBACK,
      (list) => list.map((p) => p.bytes.buffer as ArrayBuffer),
    );
  },

  pageCount(bytes: Uint8Array): Promise<Envelope<number>> {
    return settle(async () => (await engine()).countPages(bytes), FALLBACK);
  },

  organize(bytes: Uint8Array, slots: PlanSlot[] | null, onProgress: ProgressPort): Promise<Envelope<PdfResult>> {
    return settle(async () => (await organizeEngine()).organizePdf(bytes, slots, items(onProgress)), FALLBACK, bytesOf);
  },

  /**
   * Opens a document for the page grid and keeps it open under `key` (a few at most): its pages' sizes, and with
   * `firstWidth` the first page's thumbnail in the same call, so it shows with the grid (no second trip through the
   * page's observer, a render and the worker queue).
   */
  gridOpen(key: string, bytes: Uint8Array, firstWidth?: number): Promise<Envelope<GridOpened>> {
    return settle(
      async () => {
      const [{ openPdf }, { pageInfos, thumbnails }] = await Promise.all([engine(), organizeEngine()]);
      const { doc } = openPdf(bytes);
      gridDocs.get(key)?.destroy();
      gridDocs.delete(key);
      gridDocs.set(key, doc);
      for (const [old, d] of gridDocs) {
        if (gridDocs.size <= GRID_DOCS) break;
        d.destroy();
        gridDocs.delete(old);
      }
      const sizes = pageInfos(doc);
      const first = firstWidth && sizes.length > 0 ? thumbnails(doc, [0], firstWidth)[0] : null;
      return { sizes, first };
      },
      FALLBACK,
      (opened) => (opened.first?.png ? [opened.first.png.buffer as ArrayBuffer] : []),
    );
  },

  /** Thumbnails of a document opened by gridOpen; `pdf:errors.gridClosed` when this worker no longer has it. */
  gridThumbnails(key: string, pages: number[], width: number): Promise<Envelope<{ page: number; png: Uint8Array | null }[]>> {
    return settle(
      async () => {
        const doc = gridDocs.get(key);
        if (!doc) throw new ToolError('pdf:errors.gridClosed');
        return (await organizeEngine()).thumbnails(doc, pages, width);
      },
      FALLBACK,
      (list) => list.flatMap((t) => (t.png ? [t.png.buffer as ArrayBuffer] : [])),
    );
  },

  gridClose(key: string): void {
    gridDocs.get(key)?.destroy();
    gridDocs.delete(key);
  },

  compress(bytes: Uint8Array, settings: CompressSettings, onProgress: ProgressPort): Promise<Envelope<CompressResult>> {
    return settle(async () => (await compressEngine()).compressPdf(bytes, settings, items(onProgress)), FALLBACK, (r) => (r.keptOriginal ? [] : bytesOf(r)));
  },

  stamp(bytes: Uint8Array, settings: StampSettings, onProgress: ProgressPort): Promise<Envelope<PdfResult>> {
    return settle(async () => (await import('./stamp-ops')).stampPdf(bytes, settings, items(onProgress)), FALLBACK, bytesOf);
  },
};

/** Documents the page grid shows, newest last; the oldest is closed past GRID_DOCS. */
const gridDocs = new Map<string, PDFDocument>();
const GRID_DOCS = 3;

let organizeOps: Promise<typeof import('./organize-ops')> | undefined;
async function organizeEngine(): Promise<typeof import('./organize-ops')> {
  organizeOps ??= import('./organize-ops').catch(async (error: unknown) => {
    organizeOps = undefined;
    console.error(error);
    throw await engineLoadError('pdf');
  });
  return organizeOps;
}

export type PdfWorkerApi = typeof api;

Comlink.expose(api);
