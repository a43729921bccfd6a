// One SVG file to one PNG or JPEG at the size asked. Runs in the page: only an <img> can render SVG
// (no worker API decodes SVG), and decoding an SVG image runs no script and fetches nothing.
import type { JobRunner } from '../../../runtime/jobs';
import { replaceExtension } from '../../../lib/download';
import { inspectForDrawing } from '../../../engines/svg/client';
import { readSvgFile } from '../../../engines/svg/parse';
import type { SizeChoice } from '../../../engines/svg/size';

export type RasterFormat = 'png' | 'jpg';

export interface RasterSettings {
  sizeMode: 'scale' | 'width' | 'height' | 'exact';
  scale: number;
  width: number;
  height: number;
  transparent: boolean;
  background: string;
  /** 1–100, JPEG only. */
  quality: number;
}

export const RASTER_DEFAULTS: RasterSettings = { sizeMode: 'scale', scale: 2, width: 1024, height: 1024, transparent: true, background: '#ffffff', quality: 90 };

function sizeChoice(s: RasterSettings): SizeChoice {
  if (s.sizeMode === 'width') return { mode: 'width', width: s.width };
  if (s.sizeMode === 'height') return { mode: 'height', height: s.height };
  if (s.sizeMode === 'exact') return { mode: 'exact', width: s.width, height: s.height };
  return { mode: 'scale', scale: s.scale };
}

/** The settings that change a result, as a key: a result made with another key is stale. */
export function rasterKey(format: RasterFormat, s: RasterSettings): string {
  const choice = sizeChoice(s);
  const bg = format === 'png' && s.transparent ? 'none' : s.background;
  return JSON.stringify([format, choice, bg, format === 'jpg' ? s.quality : 0]);
}

/** The stored settings, plus the page's opt-in (this visit only) to draw files too large to draw quickly. */
type RasterJobSettings = RasterSettings & { allowLarge?: boolean };

export function rasterJob(format: RasterFormat): JobRunner<RasterJobSettings> {
  return async (file, settings, ctx) => {
    ctx.onProgress({ kind: 'indeterminate' });
    const text = await readSvgFile(file);
    // Measured in a worker before the page draws anything: <use> bombs are refused, very large files
    // (seconds of the page's own thread in the browser's SVG renderer) only when the user asked for them.
    await inspectForDrawing(text, !!settings.allowLarge, ctx.signal);
    ctx.signal.throwIfAborted();
    const { rasterizeSvg } = await import('../../../engines/svg/render');
    const { blob, width, height } = await rasterizeSvg(text, {
      size: sizeChoice(settings),
      type: format === 'png' ? 'image/png' : 'image/jpeg',
      background: format === 'png' && settings.transparent ? undefined : settings.background,
      quality: format === 'jpg' ? settings.quality / 100 : undefined,
    });
    return {
      blob,
      name: replaceExtension(file.name, format),
      facts: { format: format.toUpperCase(), width, height },
    };
  };
}
