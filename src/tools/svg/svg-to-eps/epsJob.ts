import type { JobRunner } from '../../../runtime/jobs';
import { svgToEpsInWorker } from '../../../engines/svg/client';
import { readSvgFile } from '../../../engines/svg/parse';
import { replaceExtension } from '../../../lib/download';
import { prepareSvgText } from '../../../engines/svg/prepare';
import { finishInPage } from '../../../engines/svg/eps/rasterize';

export const epsJob: JobRunner<Record<string, never>> = async (file, _settings, ctx) => {
  ctx.onProgress({ kind: 'indeterminate' });
  // HTML (<foreignObject>) is kept as text here, in the page: the worker has no DOM to read it with.
  const text = prepareSvgText(await readSvgFile(file));
  const r = await svgToEpsInWorker(text, file.name, ctx.signal);
  // What PostScript cannot draw is rendered by the browser and embedded as an image.
  const { eps, approximations } = await finishInPage(r, ctx.signal);
  return {
    blob: new Blob([eps], { type: 'application/postscript' }),
    name: replaceExtension(file.name, 'eps'),
    facts: { format: 'EPS', width: Math.ceil(r.width), height: Math.ceil(r.height), approximations: approximations.join(',') },
  };
};
