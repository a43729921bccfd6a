import { int, num, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import type { TraceSettings } from './trace';

/** What a stored tracing setting may be (the sliders' ranges); anything else takes the default. */
export const TRACE_SCHEMA: SettingsSchema<TraceSettings> = {
  mode: oneOf(['auto', 'bw', 'color']),
  threshold: int(1, 254),
  pathOmit: int(0, 64),
  lineTolerance: num(0.1, 10),
  curveTolerance: num(0.1, 10),
  colors: int(2, 64),
  blur: int(0, 5),
};
