import { GIF_FPS, GIF_WIDTHS, type GifJob } from '../../../engines/media/gif';
import { parseMediaTime } from '../../../lib/media-time';
import { bool, oneOf, text, type SettingsSchema } from '../../../lib/settings-schema';

export interface GifSettings {
  /** As typed: hh:mm:ss.mmm or seconds. */
  start: string;
  end: string;
  fps: number;
  width: number;
  loop: boolean;
  format: 'gif' | 'webp';
}

export const GIF_DEFAULTS: GifSettings = { start: '0', end: '5', fps: 10, width: 480, loop: true, format: 'gif' };

export const GIF_SCHEMA: SettingsSchema<GifSettings> = {
  start: text(32),
  end: text(32),
  fps: oneOf(GIF_FPS),
  width: oneOf(GIF_WIDTHS),
  loop: bool(),
  format: oneOf(['gif', 'webp']),
};

/** What the engine is asked for; null while a typed time is no time. */
export function gifJob(s: GifSettings): GifJob | null {
  const start = parseMediaTime(s.start);
  const end = parseMediaTime(s.end);
  if (start === null || end === null) return null;
  return { start, end, fps: s.fps, width: s.width, loop: s.loop, format: s.format };
}
