// The tracer's settings apart from the tracer, so the page can hold them without loading imagetracerjs.
export interface TraceSettings {
  /** auto: colour for colour input, black and white for grey or black-and-white input. */
  mode: 'auto' | 'bw' | 'color';
  /** bw: luma below this (0–255) is ink. */
  threshold: number;
  /** Shapes with fewer edge points than this are dropped (potrace's "turd size"). */
  pathOmit: number;
  /** Error allowed when fitting straight lines (corners) and curves, in px: higher is smoother and smaller. */
  lineTolerance: number;
  curveTolerance: number;
  /** color: palette size. */
  colors: number;
  /** color: blur radius before quantising (0 = none), evens out noise and JPEG artefacts. */
  blur: number;
}

export const TRACE_DEFAULTS: TraceSettings = { mode: 'auto', threshold: 128, pathOmit: 8, lineTolerance: 1, curveTolerance: 1, colors: 8, blur: 0 };
