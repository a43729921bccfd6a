import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeImage } from './encode';
import { loadCodecWasmInNode } from './node-wasm.testing';
import { muxAnimatedWebp, webpChunks } from './webp-mux';

beforeAll(loadCodecWasmInNode);

const W = 48;
const H = 32;
const COLOURS: [number, number, number, number][] = [
  [220, 30, 30, 255],
  [30, 200, 40, 255],
  [20, 40, 230, 0],
];

function solid([r, g, b, a]: [number, number, number, number]) {
  const data = new Uint8ClampedArray(W * H * 4);
  for (let i = 0; i < data.length; i += 4) data.set([r, g, b, a], i);
  return { data, width: W, height: H };
}

const magick = (() => {
  try {
    execFileSync('/usr/bin/convert', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('animated WebP mux', () => {
  it('writes VP8X (animation, alpha), ANIM and one ANMF per frame with its duration', async () => {
    const frames = await Promise.all(COLOURS.map(async (c, i) => ({ webp: await encodeImage(solid(c), 'webp', { quality: 80 }), duration: 100 * (i + 1) })));
    const anim = muxAnimatedWebp(frames, W, H, { alpha: true });
    const chunks = webpChunks(anim);
    expect(chunks.map((c) => c.fourcc)).toEqual(['VP8X', 'ANIM', 'ANMF', 'ANMF', 'ANMF']);
    const vp8x = chunks[0].data;
    expect(vp8x[0]).toBe(0x12);
    expect(vp8x[4] | (vp8x[5] << 8) | (vp8x[6] << 16)).toBe(W - 1);
    expect(vp8x[7] | (vp8x[8] << 8) | (vp8x[9] << 16)).toBe(H - 1);
    const durations = chunks.slice(2).map((c) => c.data[12] | (c.data[13] << 8) | (c.data[14] << 16));
    expect(durations).toEqual([100, 200, 300]);
    // The RIFF size covers the whole file.
    expect(new DataView(anim.buffer).getUint32(4, true)).toBe(anim.length - 8);
  });

  it.skipIf(!magick)('is read by ImageMagick (libwebp demux) as 3 frames with their colours and delays', { timeout: 60_000 }, async () => {
    const frames = await Promise.all(COLOURS.map(async (c) => ({ webp: await encodeImage(solid(c), 'webp', { quality: 90 }), duration: 250 })));
    const dir = mkdtempSync(path.join(tmpdir(), 'webp-mux-'));
    const file = path.join(dir, 'anim.webp');
    writeFileSync(file, muxAnimatedWebp(frames, W, H, { alpha: true }));
    const info = execFileSync('/usr/bin/identify', ['-format', '%w %h %T\n', file]).toString().trim().split('\n');
    expect(info).toEqual(['48 32 25', '48 32 25', '48 32 25']);
    for (const [i, [r, g, b, a]] of COLOURS.entries()) {
      const pixel = execFileSync('/usr/bin/convert', [`${file}[${i}]`, '-format', '%[fx:int(255*p{24,16}.r)] %[fx:int(255*p{24,16}.g)] %[fx:int(255*p{24,16}.b)] %[fx:int(255*p{24,16}.a)]', 'info:'])
        .toString()
        .split(' ')
        .map(Number);
      expect(pixel[3], `frame ${i} alpha`).toBe(a);
      if (a > 0) [r, g, b].forEach((v, k) => expect(Math.abs(pixel[k] - v), `frame ${i} channel ${k}`).toBeLessThan(12));
    }
  });

  it('refuses what is not a WebP and an empty animation', () => {
    expect(() => webpChunks(new TextEncoder().encode('RIFF....WAVEfmt '))).toThrow('not a WebP');
    expect(() => muxAnimatedWebp([], W, H, { alpha: false })).toThrow('no frames');
  });
});
