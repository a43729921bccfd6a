import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GIFEncoder, applyPalette, quantize } from 'gifenc';
import { describe, expect, it } from 'vitest';
import { gifFrameCount } from './gif-frames';

describe('GIF frame count', () => {
  it('counts one frame in a still GIF and every frame in an animation', () => {
    expect(gifFrameCount(readFileSync(path.join(__dirname, 'fixtures/cat.gif')))).toBe(1);
    const stream = GIFEncoder();
    for (const shade of [0, 120, 240]) {
      const rgba = new Uint8Array(16 * 16 * 4).fill(shade);
      for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
      const palette = quantize(rgba, 256);
      stream.writeFrame(applyPalette(rgba, palette), 16, 16, { palette, delay: 100, repeat: 0 });
    }
    stream.finish();
    expect(gifFrameCount(stream.bytes())).toBe(3);
    expect(gifFrameCount(new TextEncoder().encode('not a gif at all'))).toBe(0);
  });
});
