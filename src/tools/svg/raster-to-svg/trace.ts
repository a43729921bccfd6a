// The e2e project (tsconfig.node.json) reaches this file through the registry but does not include src/**/*.d.ts.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./imagetracerjs.d.ts" />
// Bitmap → SVG with imagetracerjs (Unlicense): a black-and-white mode (our threshold, then a two-colour
// trace that keeps only the dark layer) and a colour mode (k-means palette, one layer per colour).
// Pure: pixels in, SVG text out; the worker decodes the file and reports progress.
import ImageTracer, { type TraceData, type TracerImageData, type TracerOptions } from 'imagetracerjs';
import { ToolError } from '../../../lib/errors';
import { isColourful } from './estimate';
import type { TraceSettings } from './settings';

export { TRACE_DEFAULTS, type TraceSettings } from './settings';

export const MAX_TRACE_PIXELS = 40_000_000;

type TraceProgress = (done: number, total: number) => void;

/** The mode a file is traced in: auto resolved from its pixels. */
export function resolveMode(img: TracerImageData, mode: TraceSettings['mode']): 'bw' | 'color' {
  return mode === 'auto' ? (isColourful(img) ? 'color' : 'bw') : mode;
}

export interface TraceResult {
  svg: string;
  mode: 'bw' | 'color';
  paths: number;
  colors: number;
}

/** Composites over white (transparent = paper) and, in bw mode, thresholds to pure black and white. */
export function prepare(img: TracerImageData, settings: TraceSettings): TracerImageData {
  const src = img.data;
  const out = new Uint8ClampedArray(src.length);
  for (let i = 0; i < src.length; i += 4) {
    const a = src[i + 3] / 255;
    const r = src[i] * a + 255 * (1 - a);
    const g = src[i + 1] * a + 255 * (1 - a);
    const b = src[i + 2] * a + 255 * (1 - a);
    if (settings.mode === 'bw') {
      const v = 0.299 * r + 0.587 * g + 0.114 * b < settings.threshold ? 0 : 255;
      out[i] = out[i + 1] = out[i + 2] = v;
    } else {
      out[i] = r;
      out[i + 1] = g;
      out[i + 2] = b;
    }
    out[i + 3] = 255;
  }
  return { width: img.width, height: img.height, data: out };
}

/** imagetracerjs options for our settings. */
export function tracerOptions(settings: TraceSettings): TracerOptions {
  const shared = {
    ltres: settings.lineTolerance,
    qtres: settings.curveTolerance,
    pathomit: Math.max(0, Math.round(settings.pathOmit)),
    rightangleenhance: true,
    layering: 0,
    roundcoords: 1,
    linefilter: false,
    scale: 1,
    viewbox: false,
    desc: false,
  };
  if (settings.mode === 'bw')
    return ImageTracer.checkoptions({
      ...shared,
      pal: [
        { r: 0, g: 0, b: 0, a: 255 },
        { r: 255, g: 255, b: 255, a: 255 },
      ],
      colorsampling: 0,
      colorquantcycles: 1,
      numberofcolors: 2,
      strokewidth: 0,
      blurradius: 0,
    });
  return ImageTracer.checkoptions({
    ...shared,
    colorsampling: 2,
    numberofcolors: Math.min(64, Math.max(2, Math.round(settings.colors))),
    colorquantcycles: 3,
    mincolorratio: 0,
    // A hairline stroke in the layer's own colour hides the seams between neighbouring colours.
    strokewidth: 1,
    blurradius: Math.min(5, Math.max(0, Math.round(settings.blur))),
    blurdelta: 20,
  });
}

export function traceImage(img: TracerImageData, requested: TraceSettings, onProgress?: TraceProgress): TraceResult {
  const settings = { ...requested, mode: resolveMode(img, requested.mode) };
  if (img.width < 1 || img.height < 1) throw new ToolError('svg-tools:errors.noPixels');
  if (img.width * img.height > MAX_TRACE_PIXELS) throw new ToolError('svg-tools:errors.traceTooLarge', { width: img.width, height: img.height });
  const options = tracerOptions(settings);
  let pixels = prepare(img, settings);
  if (settings.mode === 'color' && settings.blur > 0) pixels = ImageTracer.blur(pixels, options.blurradius as number, options.blurdelta as number);
  const quantized = ImageTracer.colorquantization(pixels, options);
  const layerCount = quantized.palette.length;
  // Stages: quantising, then one per colour layer.
  onProgress?.(1, layerCount + 1);
  const trace: TraceData = { layers: [], palette: quantized.palette, width: img.width, height: img.height };
  for (let n = 0; n < layerCount; n++) {
    // In bw mode the white layer is the paper: not traced, not drawn.
    const skip = settings.mode === 'bw' && n === 1;
    trace.layers.push(
      skip ? [] : ImageTracer.batchtracepaths(ImageTracer.internodes(ImageTracer.pathscan(ImageTracer.layeringstep(quantized, n), options.pathomit as number), options), options.ltres as number, options.qtres as number),
    );
    onProgress?.(n + 2, layerCount + 1);
  }
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${img.width}" height="${img.height}" viewBox="0 0 ${img.width} ${img.height}">`];
  let paths = 0;
  const used = new Set<number>();
  trace.layers.forEach((layer, l) =>
    layer.forEach((path, p) => {
      if (path.isholepath) return;
      // imagetracer writes every path with a colour, stroke and opacity; drop the "desc" noise only.
      parts.push(ImageTracer.svgpathstring(trace, l, p, options).replace(/ desc="[^"]*"/, ''));
      paths++;
      used.add(l);
    }),
  );
  parts.push('</svg>');
  return { svg: parts.join('\n'), mode: settings.mode, paths, colors: used.size };
}
