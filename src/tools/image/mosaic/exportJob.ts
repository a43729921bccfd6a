import type { JobRunner } from '../../../runtime/jobs';
import type { WorkerPool } from '../../../runtime/WorkerPool';
import { replaceExtension } from '../../../lib/download';
import type { MosaicApi, MosaicEdit } from './mosaic.worker';

export interface ExportSettings {
  edit: MosaicEdit;
  format: 'original' | 'png';
}

const KEEP: Record<string, { ext: string; label: string }> = {
  'image/jpeg': { ext: 'jpg', label: 'JPEG' },
  'image/webp': { ext: 'webp', label: 'WebP' },
  'image/png': { ext: 'png', label: 'PNG' },
};

/** The type the download is written in: the original's when the browser can encode it, else PNG. */
function outputType(file: File, format: ExportSettings['format']): string {
  return format === 'original' && KEEP[file.type] ? file.type : 'image/png';
}

/** A fingerprint of what a download was made with, to tell when it no longer matches the editor. */
export const editSignature = (s: ExportSettings) => JSON.stringify(s);

/** The full-size download, made in a worker of its own (cancel terminates it). */
export function exportRunner(pool: WorkerPool<MosaicApi>): JobRunner<ExportSettings> {
  return async (file, settings, ctx) => {
    ctx.onProgress({ kind: 'indeterminate' });
    const type = outputType(file, settings.format);
    const { blob, width, height } = await pool.call((api) => api.exportFile(file, settings.edit, type), ctx.signal);
    const base = replaceExtension(file.name, KEEP[type].ext);
    return {
      blob,
      name: base.replace(/(\.[^.]+)$/, '-mosaic$1'),
      facts: { format: KEEP[type].label, width, height },
    };
  };
}
