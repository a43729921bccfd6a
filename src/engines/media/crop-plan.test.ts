import { describe, expect, it } from 'vitest';
import { clampRect, composeTurn, ffmpegCropFilter, planCrop, scaledSize, turnRect, type QuarterTurn, type Rect, type VideoCropSettings } from './crop-plan';

type Grid = number[][];
const grid = (w: number, h: number): Grid => Array.from({ length: h }, (_, y) => Array.from({ length: w }, (_, x) => y * w + x));
/** A quarter turn clockwise, by its definition: the left column becomes the top row. */
const cw = (g: Grid): Grid => g[0].map((_, x) => g.map((row) => row[x]).reverse());
const turn = (g: Grid, t: QuarterTurn): Grid => Array.from({ length: t / 90 }).reduce<Grid>((a) => cw(a), g);
const flipH = (g: Grid): Grid => g.map((row) => [...row].reverse());
const flipV = (g: Grid): Grid => [...g].reverse();
const cut = (g: Grid, r: Rect): Grid => g.slice(r.y, r.y + r.height).map((row) => row.slice(r.x, r.x + r.width));

const S: VideoCropSettings = { x: 0, y: 0, width: 0, height: 0, aspect: 'free', rotate: 0, flipH: false, flipV: false, scale: 'none', maxWidth: 0, maxHeight: 0, percent: 100 };

describe('video crop box in source pixels', () => {
  it('finds the box drawn on the source in the turned and flipped picture (every turn, with and without flip)', () => {
    const src = grid(7, 5);
    const box = { x: 1, y: 2, width: 4, height: 2 };
    for (const t of [0, 90, 180, 270] as const) {
      for (const flip of [false, true]) {
        const whole = turn(src, t);
        const shown = flip ? flipH(whole) : whole;
        // What the user wants: the box cut from the source, then turned and flipped.
        const cutFirst = turn(cut(src, box), t);
        const wanted = flip ? flipH(cutFirst) : cutFirst;
        expect(cut(shown, turnRect(box, 7, 5, t, flip)), `turn ${t} flip ${flip}`).toEqual(wanted);
      }
    }
  });

  it('turns a vertical flip into a half turn and a horizontal flip, as mediabunny takes them', () => {
    const src = grid(4, 3);
    for (const t of [0, 90, 180, 270] as const) {
      for (const h of [false, true]) {
        for (const v of [false, true]) {
          let wanted = turn(src, t);
          if (h) wanted = flipH(wanted);
          if (v) wanted = flipV(wanted);
          const c = composeTurn(t, h, v);
          const got = c.flip ? flipH(turn(src, c.rotate)) : turn(src, c.rotate);
          expect(got, `turn ${t} H ${h} V ${v}`).toEqual(wanted);
        }
      }
    }
  });

  it('keeps a typed box inside the picture, in whole pixels', () => {
    expect(clampRect({ x: 300, y: -5, width: 100.4, height: 500 }, 320, 240)).toEqual({ x: 220, y: 0, width: 100, height: 240 });
    expect(clampRect({ x: 0, y: 0, width: 0, height: 0 }, 320, 240)).toEqual({ x: 0, y: 0, width: 320, height: 240 });
  });
});

describe('video crop plan', () => {
  it('writes a quarter turn alone as rotation metadata where the container carries it, else re-encodes', () => {
    expect(planCrop({ ...S, rotate: 90 }, 320, 240, true)).toEqual({ path: 'metadata', rotate: 90, flip: false, width: 240, height: 320, scaled: false, evened: false });
    expect(planCrop({ ...S, rotate: 90 }, 320, 240, false)).toMatchObject({ path: 'encode', rotate: 90, width: 240, height: 320 });
    expect(planCrop({ ...S, rotate: 90, flipH: true }, 320, 240, true)).toMatchObject({ path: 'encode', rotate: 90, flip: true });
    // Nothing asked: nothing to do.
    expect(planCrop(S, 320, 240, true)).toBeNull();
    expect(planCrop({ ...S, x: 0, y: 0, width: 320, height: 240 }, 320, 240, true)).toBeNull();
  });

  it('crops in the turned picture, with even sides for 4:2:0 encoders', () => {
    expect(planCrop({ ...S, x: 10, y: 20, width: 200, height: 120 }, 320, 240, true)).toEqual({
      path: 'encode',
      rotate: 0,
      flip: false,
      crop: { x: 10, y: 20, width: 200, height: 120 },
      width: 200,
      height: 120,
      scaled: false,
      evened: false,
    });
    const odd = planCrop({ ...S, x: 10, y: 20, width: 201, height: 121, rotate: 90 }, 320, 240, true)!;
    expect(odd.crop).toEqual({ x: 99, y: 10, width: 120, height: 200 });
    expect(odd).toMatchObject({ width: 120, height: 200, evened: true });
    // An odd-sized source turned or flipped whole is cut to even sides too.
    expect(planCrop({ ...S, flipV: true }, 321, 241, true)).toMatchObject({ rotate: 180, flip: true, crop: { x: 0, y: 0, width: 320, height: 240 }, evened: true });
  });

  it('scales the cropped picture by a percent or into a maximum, never up, to even sides', () => {
    expect(scaledSize(1920, 1080, { scale: 'percent', percent: 50, maxWidth: 0, maxHeight: 0 })).toEqual({ width: 960, height: 540 });
    expect(scaledSize(1920, 1080, { scale: 'percent', percent: 150, maxWidth: 0, maxHeight: 0 })).toEqual({ width: 1920, height: 1080 });
    expect(scaledSize(1920, 1080, { scale: 'max', percent: 100, maxWidth: 1280, maxHeight: 0 })).toEqual({ width: 1280, height: 720 });
    expect(scaledSize(1080, 1920, { scale: 'max', percent: 100, maxWidth: 1280, maxHeight: 1280 })).toEqual({ width: 720, height: 1280 });
    expect(scaledSize(333, 201, { scale: 'percent', percent: 50, maxWidth: 0, maxHeight: 0 })).toEqual({ width: 166, height: 100 });
    const p = planCrop({ ...S, scale: 'max', maxWidth: 160 }, 320, 240, true)!;
    expect(p).toMatchObject({ path: 'encode', width: 160, height: 120, scaled: true });
    expect(p.crop).toBeUndefined();
  });

  it('gives ffmpeg the same steps in the same order', () => {
    expect(ffmpegCropFilter(planCrop({ ...S, x: 10, y: 20, width: 200, height: 120, rotate: 270, flipH: true, scale: 'percent', percent: 50 }, 320, 240, true)!)).toBe('transpose=cclock,hflip,crop=120:200:100:110,scale=60:100');
    expect(ffmpegCropFilter(planCrop({ ...S, flipV: true }, 320, 240, true)!)).toBe('hflip,vflip,hflip');
  });
});
