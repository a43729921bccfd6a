import type { VideoCropSettings } from '../../../engines/media/crop-plan';
import { aspectOf, centredBox } from '../../../lib/box';

export const ASPECTS = ['free', '1:1', '4:3', '16:9', '9:16', '4:5'] as const;
export const TURNS = [0, 90, 180, 270] as const;

/** The box 0 × 0 means the whole picture (set to the first video's size once its picture is shown). */
export const VIDEO_CROP_DEFAULTS: VideoCropSettings = { x: 0, y: 0, width: 0, height: 0, aspect: 'free', rotate: 0, flipH: false, flipV: false, scale: 'none', maxWidth: 1280, maxHeight: 0, percent: 50 };

type Box = Pick<VideoCropSettings, 'x' | 'y' | 'width' | 'height'>;

/** The box to draw once a picture of this size is shown: kept if it fits, else the whole picture (or the aspect, centred). */
export function boxFor(s: VideoCropSettings, width: number, height: number): Box | null {
  const fits = s.width > 0 && s.height > 0 && s.x + s.width <= width && s.y + s.height <= height;
  if (fits) return null;
  return centredBox(width, height, aspectOf(s.aspect) || width / height);
}

/** A new aspect: the largest box of it centred on the picture; without a picture, the height follows the width. */
export function boxForAspect(s: VideoCropSettings, aspect: string, size?: { width: number; height: number }): Box {
  const ratio = aspectOf(aspect);
  if (size) return centredBox(size.width, size.height, ratio || size.width / size.height);
  return ratio && s.width ? { x: s.x, y: s.y, width: s.width, height: Math.max(1, Math.round(s.width / ratio)) } : { x: s.x, y: s.y, width: s.width, height: s.height };
}

/** MP4 and MOV carry a rotation in their header (a guess from the name, for the summary; the worker reads the bytes). */
export const rotationInHeader = (name: string) => /\.(mp4|m4v|mov)$/i.test(name);
