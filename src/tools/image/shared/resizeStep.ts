// The compressor's and converter's optional first step: resize, then encode, in one pass over the codec engine
// (one decode, one encode; the resizer's own settings and math).
import type { ResizeSpec } from '../../../engines/codecs/resize-math';
import { bool, group } from '../../../lib/settings-schema';
import { RESIZE_DEFAULTS, resizeSpec, type ResizeFields } from '../resize/resize';
import { RESIZE_FIELDS_SCHEMA } from '../resize/schema';

export interface ResizeStep extends ResizeFields {
  on: boolean;
}

const { mode, width, height, percent, keepAspect, noEnlarge } = RESIZE_DEFAULTS;
export const RESIZE_STEP_DEFAULTS: ResizeStep = { on: false, mode, width, height, percent, keepAspect, noEnlarge };

export const RESIZE_STEP_RULE = group<ResizeStep>({ on: bool(), ...RESIZE_FIELDS_SCHEMA });

/** The resize the job does first, or none when the step is off. */
export function resizeStepSpec(step: ResizeStep): ResizeSpec | undefined {
  return step.on ? resizeSpec(step) : undefined;
}
