import { describe, expect, it } from 'vitest';
import { anyOverlap } from '../../../engines/svg/paint-box';
import { ownOpacity } from './groupOpacity';

describe('children of a translucent group that overlap', () => {
  it('finds the overlap of resvg with-opacity-4 (green 20–80, blue 30–90) and none for rects side by side or touching', () => {
    const green = { x0: 20, y0: 20, x1: 80, y1: 80 };
    const blue = { x0: 30, y0: 30, x1: 90, y1: 90 };
    expect(anyOverlap([green, blue])).toBe(true);
    expect(anyOverlap([green, { x0: 100, y0: 20, x1: 160, y1: 80 }])).toBe(false);
    // Sharing an edge only: painting each with the opacity gives the same colours.
    expect(anyOverlap([green, { x0: 80, y0: 20, x1: 140, y1: 80 }])).toBe(false);
    // Apart in x but not in y, or the third against the first.
    expect(anyOverlap([green, { x0: 90, y0: 30, x1: 95, y1: 40 }, { x0: 10, y0: 70, x1: 25, y1: 100 }])).toBe(true);
    expect(anyOverlap([green])).toBe(false);
    expect(anyOverlap([])).toBe(false);
  });
});

describe("a group's own opacity", () => {
  const el = (attrs: Record<string, string>) => ({ getAttribute: (n: string) => attrs[n] ?? null }) as unknown as Element;
  it('reads the attribute, a style declaration (which wins), percentages, and ignores what is invalid', () => {
    expect(ownOpacity(el({ opacity: '0.5' }))).toBe(0.5);
    expect(ownOpacity(el({ opacity: '0.5', style: 'fill:red; opacity: 0.25' }))).toBe(0.25);
    expect(ownOpacity(el({ style: 'opacity:40%' }))).toBeCloseTo(0.4);
    expect(ownOpacity(el({ style: 'stroke-opacity:0.3' }))).toBe(1);
    expect(ownOpacity(el({ opacity: 'half' }))).toBe(1);
    expect(ownOpacity(el({ opacity: '-1' }))).toBe(0);
    expect(ownOpacity(el({}))).toBe(1);
  });
});
