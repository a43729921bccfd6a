import type { FrameFormat, FramesJob } from '../../../engines/media/frames';
import { parseMediaTime } from '../../../lib/media-time';
import { num, oneOf, text, type SettingsSchema } from '../../../lib/settings-schema';

export interface FramesSettings {
  /** One picture at a typed time, or one every `every` seconds. */
  mode: 'one' | 'every';
  /** As typed: hh:mm:ss.mmm or seconds. */
  time: string;
  every: number;
  format: FrameFormat;
}

export const FRAMES_DEFAULTS: FramesSettings = { mode: 'one', time: '00:00:01.000', every: 1, format: 'png' };
export const FRAME_FORMATS: readonly FrameFormat[] = ['png', 'jpeg', 'webp'];
/** 1/25 s (a frame at 25 fps) to an hour. */
export const EVERY_MIN = 0.04;
export const EVERY_MAX = 3600;

export const FRAMES_SCHEMA: SettingsSchema<FramesSettings> = {
  mode: oneOf(['one', 'every']),
  time: text(32),
  every: num(EVERY_MIN, EVERY_MAX),
  format: oneOf(FRAME_FORMATS),
};

/** What the engine is asked for; null while the typed time is no time. */
export function framesJob(s: FramesSettings): FramesJob | null {
  if (s.mode === 'every') return { pick: { every: s.every }, format: s.format };
  const at = parseMediaTime(s.time);
  return at === null ? null : { pick: { at }, format: s.format };
}
