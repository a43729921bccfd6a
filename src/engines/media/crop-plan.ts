// Video crop, rotate, flip and scale as plain numbers: what the user asked for, in the source's pixels as it is
// shown (its own rotation applied), turned into what mediabunny's Conversion does (rotate, then flip horizontally,
// then crop in the turned picture, then resize). No mediabunny, no DOM: tested in Node.

export type QuarterTurn = 0 | 90 | 180 | 270;

export interface VideoCropSettings {
  /** The box to keep, in the source's displayed pixels; a box covering the whole picture crops nothing. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The aspect the box keeps while it is drawn ('free' or 'w:h'). */
  aspect: string;
  /** Clockwise. */
  rotate: QuarterTurn;
  flipH: boolean;
  flipV: boolean;
  scale: 'none' | 'max' | 'percent';
  /** 0 = no limit. */
  maxWidth: number;
  maxHeight: number;
  percent: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CropPlan {
  /** 'metadata': the packets copied with a new rotation in the track header; 'encode': every frame re-encoded. */
  path: 'metadata' | 'encode';
  rotate: QuarterTurn;
  /** Horizontal flip after the rotation (a vertical flip is a half turn plus a horizontal flip). */
  flip: boolean;
  /** In the turned picture's pixels, as mediabunny takes it; absent when the whole picture is kept. */
  crop?: Rect;
  /** The output's size (even, as 4:2:0 encoders want it). */
  width: number;
  height: number;
  /** The output is scaled from the cropped size. */
  scaled: boolean;
  /** The box was made even (a pixel shorter) for the encoder. */
  evened: boolean;
}

/** The box inside a width × height picture, in whole pixels, at least 1 × 1. */
export function clampRect(b: Rect, width: number, height: number): Rect {
  const w = Math.max(1, Math.min(width, Math.round(b.width) || width));
  const h = Math.max(1, Math.min(height, Math.round(b.height) || height));
  return { x: Math.max(0, Math.min(width - w, Math.round(b.x) || 0)), y: Math.max(0, Math.min(height - h, Math.round(b.y) || 0)), width: w, height: h };
}

/** The same region of a width × height picture after turning the picture clockwise by `turn`, then flipping it horizontally. */
export function turnRect(r: Rect, width: number, height: number, turn: QuarterTurn, flip: boolean): Rect {
  let out: Rect;
  if (turn === 90) out = { x: height - (r.y + r.height), y: r.x, width: r.height, height: r.width };
  else if (turn === 180) out = { x: width - (r.x + r.width), y: height - (r.y + r.height), width: r.width, height: r.height };
  else if (turn === 270) out = { x: r.y, y: width - (r.x + r.width), width: r.height, height: r.width };
  else out = { ...r };
  const turnedWidth = turn % 180 === 0 ? width : height;
  return flip ? { ...out, x: turnedWidth - (out.x + out.width) } : out;
}

/** The user's turn and flips as one clockwise turn and an optional horizontal flip (flip V = half turn + flip H). */
export function composeTurn(rotate: QuarterTurn, flipH: boolean, flipV: boolean): { rotate: QuarterTurn; flip: boolean } {
  return { rotate: (((rotate + (flipV ? 180 : 0)) % 360) as QuarterTurn), flip: flipH !== flipV };
}

const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);
const evenRound = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The output's size from the cropped size: a percent, or fitted into a maximum width/height; never larger. */
export function scaledSize(width: number, height: number, s: Pick<VideoCropSettings, 'scale' | 'maxWidth' | 'maxHeight' | 'percent'>): { width: number; height: number } {
  let factor = 1;
  if (s.scale === 'percent' && s.percent > 0) factor = Math.min(1, s.percent / 100);
  if (s.scale === 'max') {
    if (s.maxWidth > 0) factor = Math.min(factor, s.maxWidth / width);
    if (s.maxHeight > 0) factor = Math.min(factor, s.maxHeight / height);
  }
  if (factor >= 1) return { width, height };
  return { width: evenRound(width * factor), height: evenRound(height * factor) };
}

/**
 * What to do to one video of `width` × `height` displayed pixels. `metadataOk`: its container can carry a rotation
 * in its track header (MP4, MOV), so a turn alone is written there and nothing is re-encoded. Null: nothing to do.
 */
export function planCrop(s: VideoCropSettings, width: number, height: number, metadataOk: boolean): CropPlan | null {
  const box = clampRect(s, width, height);
  const whole = box.x === 0 && box.y === 0 && box.width === width && box.height === height;
  const { rotate, flip } = composeTurn(s.rotate, s.flipH, s.flipV);
  const turnedW = rotate % 180 === 0 ? width : height;
  const turnedH = rotate % 180 === 0 ? height : width;
  const cropped = whole ? { x: 0, y: 0, width: turnedW, height: turnedH } : turnRect(box, width, height, rotate, flip);
  const target = scaledSize(cropped.width, cropped.height, s);
  const scaled = target.width !== cropped.width || target.height !== cropped.height;
  if (whole && !flip && !scaled) {
    if (rotate === 0) return null;
    if (metadataOk) return { path: 'metadata', rotate, flip: false, width: turnedW, height: turnedH, scaled: false, evened: false };
  }
  // Encoders of 4:2:0 video want even sides: an odd box loses its last column or row.
  const crop = whole && turnedW % 2 === 0 && turnedH % 2 === 0 ? undefined : { ...cropped, width: even(cropped.width), height: even(cropped.height) };
  const evened = !!crop && (crop.width !== cropped.width || crop.height !== cropped.height);
  const size = scaled ? target : { width: crop?.width ?? turnedW, height: crop?.height ?? turnedH };
  return { path: 'encode', rotate, flip, ...(crop ? { crop } : {}), width: size.width, height: size.height, scaled, evened };
}

/** ffmpeg's filters for the same plan, in mediabunny's order: turn, flip, crop, scale. */
export function ffmpegCropFilter(plan: CropPlan): string {
  const filters: string[] = [];
  if (plan.rotate === 90) filters.push('transpose=clock');
  else if (plan.rotate === 270) filters.push('transpose=cclock');
  else if (plan.rotate === 180) filters.push('hflip', 'vflip');
  if (plan.flip) filters.push('hflip');
  if (plan.crop) filters.push(`crop=${plan.crop.width}:${plan.crop.height}:${plan.crop.x}:${plan.crop.y}`);
  if (plan.scaled) filters.push(`scale=${plan.width}:${plan.height}`);
  return filters.join(',') || 'null';
}
