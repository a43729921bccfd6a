// SSIMULACRA 2 on real photos: it must see colour (a greyed copy far below a q75 JPEG, chroma blocking below mild
// luma noise), sit at the published anchors of its scale, and rank distortions as an independent colour-aware
// program does (Debian's butteraugli, when installed).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from './decode';
import { mozjpegOptions, mozjpegWithRule } from './encode';
import { jpegEncoder } from './loaders';
import { loadCodecWasmInNode } from './node-wasm.testing';
import type { Pixels } from './pixels';
import { gaussianBlur } from './recursive-gaussian';
import { ssimulacra2, ssimulacra2Reference } from './ssimulacra2';

beforeAll(loadCodecWasmInNode);

const photo = async (name: string) => {
  const bytes = new Uint8Array(readFileSync(path.join('bench/image/photos', name)));
  return decodeImage(bytes, name.endsWith('.jpg') ? 'jpeg' : 'webp', name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');
};
const map = (p: Pixels, f: (r: number, g: number, b: number, i: number) => [number, number, number]): Pixels => {
  const data = new Uint8ClampedArray(p.data);
  for (let i = 0; i < data.length; i += 4) [data[i], data[i + 1], data[i + 2]] = f(data[i], data[i + 1], data[i + 2], i / 4);
  return { data, width: p.width, height: p.height };
};
const grey = (p: Pixels) => map(p, (r, g, b) => { const y = 0.299 * r + 0.587 * g + 0.114 * b; return [y, y, y]; });
/** MozJPEG at a fixed libjpeg quality (4:4:4, chroma 25 under, as these anchors were set; not the app's quality rule,
 * nor its 8-bit floor: quality 14 here is the anchor's, with 16-bit steps). */
const jpegBytes = async (p: Pixels, quality: number) =>
  new Uint8Array(await (await jpegEncoder())({ data: p.data, width: p.width, height: p.height } as ImageData, { ...mozjpegWithRule(quality, { offsets: [[0, -25]] }), quality, chroma_quality: Math.max(1, quality - 25) }));
const jpeg = async (p: Pixels, quality: number) => decodeImage(await jpegBytes(p, quality), 'jpeg', 'image/jpeg');

/** BT.601 chroma averaged over 16 × 16 blocks, luma untouched: the blocky colour of an over-compressed JPEG. */
function chromaBlocks(p: Pixels): Pixels {
  const { width: w, height: h } = p;
  const cb = new Float64Array(w * h), cr = new Float64Array(w * h);
  for (let by = 0; by < h; by += 16)
    for (let bx = 0; bx < w; bx += 16) {
      let sb = 0, sr = 0, n = 0;
      for (let y = by; y < Math.min(h, by + 16); y++)
        for (let x = bx; x < Math.min(w, bx + 16); x++) {
          const i = (y * w + x) * 4, [r, g, b] = [p.data[i], p.data[i + 1], p.data[i + 2]];
          sb += -0.168736 * r - 0.331264 * g + 0.5 * b;
          sr += 0.5 * r - 0.418688 * g - 0.081312 * b;
          n++;
        }
      for (let y = by; y < Math.min(h, by + 16); y++) for (let x = bx; x < Math.min(w, bx + 16); x++) [cb[y * w + x], cr[y * w + x]] = [sb / n, sr / n];
    }
  return map(p, (r, g, b, i) => {
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    return [y + 1.402 * cr[i], y - 0.344136 * cb[i] - 0.714136 * cr[i], y + 1.772 * cb[i]];
  });
}

/** Luma noise of ±4 levels (a fixed pseudo-random sequence), colour untouched. */
const lumaNoise = (p: Pixels) => map(p, (r, g, b, i) => { const n = ((Math.imul(i + 1, 2654435761) >>> 0) % 9) - 4; return [r + n, g + n, b + n]; });

describe('SSIMULACRA 2', () => {
  it('blurs a constant plane into the same constant away from the edges (the filter is normalised)', () => {
    const [w, h] = [40, 30];
    const out = gaussianBlur(new Float32Array(w * h).fill(0.7), w, h, new Float32Array(w * h));
    expect(out[15 * w + 20]).toBeCloseTo(0.7, 5);
    expect(out[0]).toBeLessThan(0.7); // zero outside the image, as in libjxl
  });

  it('gives 100 for identical images and refuses images of different sizes', async () => {
    const p = await photo('chelsea.webp');
    expect(ssimulacra2(p, p)).toBe(100);
    expect(() => ssimulacra2(p, { ...p, width: p.height, height: p.width })).toThrow(RangeError);
  });

  it('ranks a greyed copy far below a q75 JPEG of the photo (it sees colour)', async () => {
    for (const name of ['rocket.jpg', 'astronaut.webp', 'coffee.webp']) {
      const p = await photo(name);
      const q75 = ssimulacra2(p, await jpeg(p, 75));
      const greyed = ssimulacra2(p, grey(p));
      expect(q75).toBeGreaterThan(55);
      expect(greyed).toBeLessThan(q75 - 30);
    }
  }, 60_000);

  it('ranks chroma blocking below mild luma noise', async () => {
    for (const name of ['astronaut.webp', 'coffee.webp', 'rocket.jpg']) {
      const p = await photo(name);
      expect(ssimulacra2(p, chromaBlocks(p))).toBeLessThan(ssimulacra2(p, lumaNoise(p)));
    }
  }, 60_000);

  it('sits at the published anchors: libjpeg quality 14 about 10 or below, quality 90 near the 80s, rising with quality', async () => {
    const scores: number[][] = [];
    for (const name of ['astronaut.webp', 'chelsea.webp', 'coffee.webp', 'hubble.webp', 'rocket.jpg']) {
      const p = await photo(name);
      const row: number[] = [];
      for (const q of [14, 40, 70, 90]) row.push(ssimulacra2(p, await jpeg(p, q)));
      scores.push(row);
    }
    const mean = (k: number) => scores.reduce((s, r) => s + r[k], 0) / scores.length;
    expect(mean(0)).toBeLessThan(15);
    expect(mean(1)).toBeGreaterThan(30);
    expect(mean(1)).toBeLessThan(65);
    expect(mean(3)).toBeGreaterThan(72);
    expect(mean(3)).toBeLessThan(92);
    for (const r of scores) for (let k = 1; k < r.length; k++) expect(r[k]).toBeGreaterThan(r[k - 1]);
  }, 60_000);

  it('scores candidates against a prepared original exactly as the one-shot function does', async () => {
    const p = await photo('coffee.webp');
    const score = ssimulacra2Reference(p);
    for (const q of [30, 80]) {
      const j = await jpeg(p, q);
      expect(score(j)).toBeCloseTo(ssimulacra2(p, j), 9);
    }
  }, 30_000);

  it('scores a transparent image over dark and light backgrounds (a change hidden on one shows on the other)', async () => {
    const p = await photo('chelsea.webp');
    const half = map(p, (r, g, b) => [r, g, b]);
    for (let i = 3; i < half.data.length; i += 4) half.data[i] = 128;
    const darker = map(half, (r, g, b) => [r * 0.8, g * 0.8, b * 0.8]);
    expect(ssimulacra2(half, half)).toBe(100);
    expect(ssimulacra2(half, darker)).toBeLessThan(80);
  }, 30_000);

  const hasButteraugli = (() => {
    try {
      execFileSync('butteraugli', [], { stdio: 'ignore' });
      return true;
    } catch (e) {
      return (e as { status?: number }).status !== undefined; // it exits 1 with its usage: installed
    }
  })();

  it.runIf(hasButteraugli)('orders distortions as butteraugli does (Kendall tau over JPEG qualities, greyed and blocky copies)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ssimulacra2-'));
    for (const name of ['astronaut.webp', 'rocket.jpg']) {
      const p = await photo(name);
      const png = path.join(dir, 'original.png');
      const { optimise_raw } = await import('./loaders').then((m) => m.oxipng());
      writeFileSync(png, optimise_raw(p.data, p.width, p.height, 1, false, false));
      const ours: number[] = [];
      const theirs: number[] = [];
      const judge = (candidate: Pixels, bytes: Uint8Array) => {
        const file = path.join(dir, 'candidate.png');
        writeFileSync(file, bytes);
        ours.push(ssimulacra2(p, candidate));
        theirs.push(Number(execFileSync('butteraugli', [png, file]).toString().trim()));
      };
      for (const q of [20, 45, 70, 90]) {
        const bytes = await jpegBytes(p, q);
        const file = path.join(dir, 'candidate.jpg');
        writeFileSync(file, bytes);
        ours.push(ssimulacra2(p, await decodeImage(bytes, 'jpeg', 'image/jpeg')));
        theirs.push(Number(execFileSync('butteraugli', [png, file]).toString().trim()));
      }
      const { optimise_raw: png2 } = await import('./loaders').then((m) => m.oxipng());
      for (const c of [grey(p), chromaBlocks(p)]) judge(c, png2(c.data, c.width, c.height, 1, false, false));
      let concordant = 0, pairs = 0;
      for (let i = 0; i < ours.length; i++)
        for (let j = i + 1; j < ours.length; j++) {
          pairs++;
          // Higher SSIMULACRA2 is better; higher butteraugli distance is worse.
          if (Math.sign(ours[i] - ours[j]) === -Math.sign(theirs[i] - theirs[j])) concordant++;
        }
      const tau = (2 * concordant - pairs) / pairs;
      console.log(`${name}: SSIMULACRA2 ${ours.map((s) => s.toFixed(1)).join(' ')} | butteraugli ${theirs.map((s) => s.toFixed(2)).join(' ')} | tau ${tau.toFixed(2)}`);
      expect(tau).toBeGreaterThanOrEqual(0.7);
    }
  }, 120_000);
});

/** A w × h crop at (x, y): odd sizes reach the clamped edges of the 2×2 downsampling and fewer scales. */
const crop = (p: Pixels, x: number, y: number, w: number, h: number): Pixels => {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let r = 0; r < h; r++) data.set(p.data.subarray(((y + r) * p.width + x) * 4, ((y + r) * p.width + x + w) * 4), r * w * 4);
  return { data, width: w, height: h };
};

/** A JPEG with the MozJPEG settings the scores below were recorded with (table 2 with trellis, 4:2:0, chroma 25 qualities under luma). */
const jpegAsRecorded = async (p: Pixels, quality: number) => {
  const options = { ...mozjpegOptions(quality), quality, quant_table: 2, trellis_loops: 1, auto_subsample: true, chroma_subsample: 2, chroma_quality: Math.max(1, quality - 25) };
  const bytes = await (await jpegEncoder())({ data: p.data, width: p.width, height: p.height } as ImageData, options);
  return decodeImage(new Uint8Array(bytes), 'jpeg', 'image/jpeg');
};

describe('SSIMULACRA 2 scores recorded before the speed-up (2026-11-25)', () => {
  // Computed with the straightforward implementation (Float32 planes per step, Math.cbrt per pixel, one
  // allocation per plane) before it was rewritten for speed; the fast one must give the same scores.
  const pairs: [string, number, () => Promise<[Pixels, Pixels]>][] = [
    ['astronaut, JPEG q40', 55.85144876648948, async () => { const p = await photo('astronaut.webp'); return [p, await jpegAsRecorded(p, 40)]; }],
    ['astronaut, JPEG q90', 81.23633689369734, async () => { const p = await photo('astronaut.webp'); return [p, await jpegAsRecorded(p, 90)]; }],
    ['coffee, greyed', -3.2879858119310086, async () => { const p = await photo('coffee.webp'); return [p, grey(p)]; }],
    ['rocket, chroma blocks', 64.97254827057307, async () => { const p = await photo('rocket.jpg'); return [p, chromaBlocks(p)]; }],
    ['hubble, luma noise', 83.63395911974217, async () => { const p = await photo('hubble.webp'); return [p, lumaNoise(p)]; }],
    ['chelsea 333×201 crop, JPEG q55', 65.40386057402127, async () => { const p = crop(await photo('chelsea.webp'), 17, 9, 333, 201); return [p, await jpegAsRecorded(p, 55)]; }],
    ['coffee 37×21 crop (3 scales), JPEG q30', 70.1201023603935, async () => { const p = crop(await photo('coffee.webp'), 200, 150, 37, 21); return [p, await jpegAsRecorded(p, 30)]; }],
    ['chelsea half transparent, darker', 63.43152885629976, async () => {
      const p = crop(await photo('chelsea.webp'), 0, 0, 301, 199);
      for (let i = 3; i < p.data.length; i += 4) p.data[i] = (i >> 2) % 3 ? 128 : 255;
      return [p, map(p, (r, g, b) => [r * 0.9, g * 0.9, b * 0.9])];
    }],
  ];
  it('gives the recorded scores', async () => {
    for (const [name, recorded, make] of pairs) {
      const [a, b] = await make();
      const [oneShot, prepared] = [ssimulacra2(a, b), ssimulacra2Reference(a)(b)];
      expect(Math.abs(oneShot - recorded), name).toBeLessThan(0.01);
      expect(Math.abs(prepared - recorded), name).toBeLessThan(0.01);
    }
  }, 60_000);
});
