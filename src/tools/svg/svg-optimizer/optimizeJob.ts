import type { JobRunner } from '../../../runtime/jobs';
import { readSvgFile } from '../../../engines/svg/parse';
import { svgoConfig, type OptimizerSettings } from './config';

// The svgo worker's client loads with the first job, not with the page (the page sits near its 150 KB budget).
let client: Promise<typeof import('../../../engines/svg/client')> | undefined;
const svgoClient = () => (client ??= import('../../../engines/svg/client'));

/** Frees the svgo workers, if a job has started them (the page calls it when it unmounts). */
export const releaseOptimizer = () => void client?.then((c) => c.releaseSvgWorkers());

export const optimizeJob: JobRunner<OptimizerSettings> = async (file, settings, ctx) => {
  ctx.onProgress({ kind: 'indeterminate' });
  const text = await readSvgFile(file);
  const v = await (await svgoClient()).optimizeSvgInWorker(text, svgoConfig(settings), ctx.signal);
  // Every SVG we write goes through the one sanitiser: svgo keeps scripts, links and outside references.
  // A clean result (the usual case) is written exactly as svgo made it; DOMPurify loads only for the others.
  const svg = v.unsafe ? (await import('../../../engines/svg/sanitize')).sanitizeSvg(v.svg).svg : v.svg;
  return {
    blob: new Blob([svg], { type: 'image/svg+xml' }),
    name: file.name.toLowerCase().endsWith('.svg') ? file.name : `${file.name}.svg`,
    facts: { format: 'SVG', gzip: v.gzipBytes, originalGzip: v.originalGzipBytes, ...(v.veryLarge ? { veryLarge: 1 } : {}) },
  };
};
