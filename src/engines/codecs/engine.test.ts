// The engine on real bytes in Node: jSquash's wasm codecs run here when given their compiled modules.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasExif, readOrientation } from './exif';
import { decodeImage, decodeOutput } from './decode';
import { detectFormat, isJxl, MIME } from './formats';
import { loadCodecWasmInNode } from './node-wasm.testing';
import { encodeImage, JPEG_VARIANTS } from './encode';
import { manyFrameGif } from './gif-frames.testing';
import { checkAnimationSize } from './limits';
import { processImage } from './pipeline';
import { resizePixels } from './resize';
import { ssimulacra2 } from './ssimulacra2';
import { nativeBand, PROXY_PIXELS } from './visual-target';
import type { CodecJob, CodecOutcome } from './types';

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, 'fixtures', name)));

beforeAll(loadCodecWasmInNode);

async function decoded(bytes: Uint8Array) {
  const format = detectFormat(bytes)!;
  return decodeImage(bytes, format, MIME[format]);
}

/** Mean SSIM-like closeness is overkill here: mean absolute error per channel, 0–255. */
function meanAbsError(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) if (i % 4 !== 3) sum += Math.abs(a[i] - b[i]);
  return sum / ((a.length / 4) * 3);
}

function ok(o: CodecOutcome): Extract<CodecOutcome, { ok: true }> {
  if (!o.ok) throw new Error(`expected success, got ${o.key} ${o.detail ?? ''}`);
  return o;
}

const job = (j: Partial<CodecJob>): CodecJob => ({ output: 'keep', quality: 75, ...j });

describe('codec engine (Node, real wasm)', () => {
  it('decodes HEIC (made with heif-enc from coffee.png) to close RGBA pixels and keeps it as JPEG', async () => {
    const heic = fixture('coffee.heic');
    expect(detectFormat(heic)).toBe('heic');
    const pixels = await decoded(heic);
    expect([pixels.width, pixels.height]).toEqual([225, 150]);
    const original = await decoded(fixture('coffee.png'));
    expect(meanAbsError(original.data, pixels.data)).toBeLessThan(8);
    const out = ok(await processImage(heic, job({ output: 'keep' })));
    expect(detectFormat(out.bytes)).toBe('jpeg');
    const back = await decoded(out.bytes);
    expect([back.width, back.height]).toEqual([225, 150]);
  });

  it('honours the HEIC irot transform and ignores its informational EXIF orientation', async () => {
    // oriented-6.heic: oriented-6.jpg's stored 200×120 pixels (EXIF orientation 6 copied by heif-enc) plus an irot of 270°.
    const upright = await decoded(fixture('oriented-6.jpg'));
    const pixels = await decoded(fixture('oriented-6.heic'));
    expect([pixels.width, pixels.height]).toEqual([120, 200]);
    expect(meanAbsError(upright.data, pixels.data)).toBeLessThan(10);
  });

  it('refuses a truncated HEIC with a clear error', async () => {
    const heic = fixture('coffee.heic');
    const cut = await processImage(heic.subarray(0, 4000), job({}));
    expect(cut.ok).toBe(false);
  });

  it('round-trips each lossy codec: same dimensions, close pixels, smaller than PNG', async () => {
    const png = fixture('coffee.png');
    const original = await decoded(png);
    for (const output of ['jpeg', 'webp', 'avif'] as const) {
      const out = ok(await processImage(png, job({ output, quality: 80 })));
      expect(detectFormat(out.bytes)).toBe(output);
      const back = await decoded(out.bytes);
      expect([back.width, back.height]).toEqual([225, 150]);
      expect(meanAbsError(original.data, back.data), output).toBeLessThan(8);
      expect(out.bytes.length, output).toBeLessThan(png.length / 2);
    }
  }, 60_000);

  it('writes JPEG XL: its signature, same dimensions, close pixels, far smaller than PNG', async () => {
    const png = fixture('coffee.png');
    const original = await decoded(png);
    const out = ok(await processImage(png, job({ output: 'jxl', quality: 80 })));
    expect(out.format).toBe('jxl');
    // libjxl writes a bare codestream (FF 0A) when it needs no container boxes.
    expect(Array.from(out.bytes.subarray(0, 2))).toEqual([0xff, 0x0a]);
    expect(isJxl(out.bytes)).toBe(true);
    expect(detectFormat(out.bytes)).toBeNull();
    const back = await decodeOutput(out.bytes, 'jxl');
    expect([back.width, back.height]).toEqual([225, 150]);
    const error = meanAbsError(original.data, back.data);
    // Measured 5.0 (7.6 KB against the PNG's 64.8 KB).
    expect(error).toBeLessThan(6.5);
    expect(out.bytes.length).toBeLessThan(png.length / 2);
  }, 60_000);

  it('keeps transparency in JPEG XL', async () => {
    const jxl = ok(await processImage(fixture('alpha.png'), job({ output: 'jxl', quality: 90 })));
    const back = await decodeOutput(jxl.bytes, 'jxl');
    expect([back.width, back.height]).toEqual([120, 80]);
    const px = (x: number, y: number) => Array.from(back.data.subarray((y * 120 + x) * 4, (y * 120 + x) * 4 + 4));
    expect(px(119, 79)[3]).toBe(0);
    expect(px(5, 5)[3]).toBe(255);
    expect(px(5, 5)[2]).toBeGreaterThan(240);
    expect(px(5, 5)[0] + px(5, 5)[1]).toBeLessThan(20);
  }, 60_000);

  it('JPEG XL: lands at or under a target size and reaches a target visual quality (its output decoded to measure)', async () => {
    const png = fixture('coffee.png');
    const original = await decoded(png);
    const sized = ok(await processImage(png, job({ output: 'jxl', targetBytes: 6000 })));
    expect(sized.targetReached).toBe(true);
    expect(sized.bytes.length).toBeLessThanOrEqual(6000);
    const above = ok(await processImage(png, job({ output: 'jxl', quality: sized.quality! + 4 })));
    expect(above.bytes.length).toBeGreaterThan(6000);
    const looks = ok(await processImage(png, job({ output: 'jxl', targetScore: 80 })));
    expect(looks.targetReached).toBe(true);
    const measured = ssimulacra2(original, await decodeOutput(looks.bytes, 'jxl'));
    expect(measured).toBeGreaterThanOrEqual(80);
    expect(looks.score).toBeCloseTo(measured, 6);
  }, 120_000);

  it('PNG through OxiPNG is lossless, and the palette option is lossy but smaller', async () => {
    const png = fixture('coffee.png');
    const original = await decoded(png);
    const lossless = ok(await processImage(png, job({ output: 'png' })));
    expect(Array.from((await decoded(lossless.bytes)).data)).toEqual(Array.from(original.data));
    const lossy = ok(await processImage(png, job({ output: 'png', lossyPng: true })));
    expect(lossy.bytes.length).toBeLessThan(lossless.bytes.length * 0.6);
    expect(meanAbsError(original.data, (await decoded(lossy.bytes)).data)).toBeLessThan(6);
  }, 60_000);

  it('keeps transparency in PNG and WebP, flattens it onto the chosen colour in JPEG', async () => {
    const png = fixture('alpha.png');
    const webp = await decoded(ok(await processImage(png, job({ output: 'webp', quality: 90 }))).bytes);
    const corner = (p: { data: Uint8ClampedArray; width: number }, x: number, y: number) => Array.from(p.data.subarray((y * p.width + x) * 4, (y * p.width + x) * 4 + 4));
    expect(corner(webp, 119, 79)[3]).toBe(0);
    expect(corner(webp, 5, 5)).toEqual([0, 0, 255, 255]);
    const jpeg = await decoded(ok(await processImage(png, job({ output: 'jpeg', quality: 95, background: '#00ff00' }))).bytes);
    const bg = corner(jpeg, 119, 79);
    expect(bg[1]).toBeGreaterThan(230);
    expect(bg[0]).toBeLessThan(25);
    expect(bg[3]).toBe(255);
  }, 60_000);

  it('honours EXIF orientation 6, strips EXIF by default and keeps it (upright) on request', async () => {
    const jpg = fixture('oriented-6.jpg');
    expect(readOrientation(jpg)).toBe(6);
    const upright = await decoded(jpg);
    expect([upright.width, upright.height]).toEqual([120, 200]);
    // The red square stored at the top left turns to the top right.
    const px = (x: number, y: number) => Array.from(upright.data.subarray((y * 120 + x) * 4, (y * 120 + x) * 4 + 3));
    expect(px(110, 10)[0]).toBeGreaterThan(200);
    expect(px(110, 10)[1]).toBeLessThan(60);
    expect(px(10, 10)[0] - px(10, 10)[1]).toBeLessThan(150);

    const stripped = ok(await processImage(jpg, job({ output: 'jpeg' })));
    expect(hasExif(stripped.bytes)).toBe(false);
    expect([stripped.width, stripped.height]).toEqual([120, 200]);
    const kept = ok(await processImage(jpg, job({ output: 'jpeg', keepMetadata: true })));
    expect(hasExif(kept.bytes)).toBe(true);
    expect(readOrientation(kept.bytes)).toBe(1);
    const back = await decoded(kept.bytes);
    expect([back.width, back.height]).toEqual([120, 200]);
  }, 60_000);

  it('decodes WebP and AVIF made by other encoders', async () => {
    const webp = await decoded(fixture('rocket.webp'));
    expect([webp.width, webp.height]).toEqual([240, 160]);
    const avif = await decoded(fixture('astronaut.avif'));
    expect([avif.width, avif.height]).toEqual([160, 160]);
  }, 30_000);

  it('resizes with Lanczos3 to exact dimensions', async () => {
    const out = ok(await processImage(fixture('cat.jpg'), job({ output: 'png', resize: { mode: 'pixels', width: 100, keepAspect: true } })));
    const back = await decoded(out.bytes);
    expect([back.width, back.height]).toEqual([100, 67]);
    expect([out.inputWidth, out.inputHeight]).toEqual([320, 213]);
  }, 30_000);

  it('lands at or under a target size, as close as the search allows', async () => {
    const png = fixture('coffee.png');
    for (const output of ['jpeg', 'webp'] as const) {
      const out = ok(await processImage(png, job({ output, targetBytes: 6000 })));
      expect(out.targetReached).toBe(true);
      expect(out.bytes.length).toBeLessThanOrEqual(6000);
      const above = ok(await processImage(png, job({ output, quality: out.quality! + 4 })));
      expect(above.bytes.length).toBeGreaterThan(out.bytes.length);
    }
  }, 60_000);

  it('finds the smallest file at a visual quality: its SSIMULACRA 2 reaches the target, about as small as a full scan finds', async () => {
    const png = fixture('coffee.png');
    const original = await decoded(png);
    for (const output of ['jpeg', 'webp'] as const) {
      const out = ok(await processImage(png, job({ output, targetScore: 80 })));
      expect(out.targetReached).toBe(true);
      expect(detectFormat(out.bytes)).toBe(output);
      // Measured again here, on the decoded download.
      const measured = ssimulacra2(original, await decoded(out.bytes));
      expect(measured).toBeGreaterThanOrEqual(80);
      expect(out.score).toBeCloseTo(measured, 6);
      // As small as a full scan of every quality and variant finds, within 3 %.
      let smallest = Infinity;
      for (let v = 0; v < (output === 'jpeg' ? JPEG_VARIANTS.length : 1); v++) {
        for (let q = 1; q <= 100; q++) {
          const bytes = await encodeImage(original, output, { quality: q, jpegVariant: v });
          if (bytes.length < smallest && ssimulacra2(original, await decoded(bytes)) >= 80) smallest = bytes.length;
        }
      }
      console.log(`${output} at SSIMULACRA2 80: search ${out.bytes.length} B, full scan ${smallest} B`);
      expect(out.bytes.length).toBeLessThanOrEqual(smallest * 1.03);
    }
  }, 240_000);

  /** chelsea scaled to width × height, searched for WebP at 80 (one encoder variant, so the test stays short). */
  async function searchBig(width: number, height: number) {
    const photo = await decoded(new Uint8Array(readFileSync('bench/image/photos/chelsea.webp')));
    const big = await resizePixels(photo, width, height);
    const { optimise_raw } = await import('./loaders').then((m) => m.oxipng());
    const png = optimise_raw(big.data, big.width, big.height, 1, false, false);
    const out = ok(await processImage(png, job({ output: 'webp', targetScore: 80 })));
    expect(out.targetReached).toBe(true);
    const measured = ssimulacra2(big, await decoded(out.bytes));
    expect(measured).toBeGreaterThanOrEqual(80);
    expect(out.score).toBeCloseTo(measured, 6);
    // Not wastefully high: within a few points of the target.
    expect(measured).toBeLessThan(86);
    return big;
  }

  it('searches a big photo on a smaller copy, and the file still reaches the target measured at full size', async () => {
    const big = await searchBig(1200, 800);
    expect(big.width * big.height).toBeGreaterThan(PROXY_PIXELS);
  }, 600_000);

  it('cuts the native band across the middle of a big photo on the 16-pixel block grid, pixels unchanged', () => {
    const width = 4000, height = 3000;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) data.set([i % width & 255, (i / width) & 255, (i >> 16) & 255, 255], i * 4);
    const band = nativeBand({ data, width, height })!;
    expect(band.height).toBe(256);
    expect(band.width % 16).toBe(0);
    expect(band.width * band.height).toBeLessThanOrEqual(1_100_000);
    const x0 = ((width - band.width) >> 5) << 4;
    const y0 = ((height - 256) >> 5) << 4;
    expect(x0 % 16).toBe(0);
    expect(y0 % 16).toBe(0);
    for (const [x, y] of [[0, 0], [band.width - 1, 255], [17, 130]]) {
      const at = (y * band.width + x) * 4;
      const from = ((y0 + y) * width + x0 + x) * 4;
      expect(Array.from(band.data.subarray(at, at + 4))).toEqual(Array.from(data.subarray(from, from + 4)));
    }
    // A photo not much bigger than the band gets none: its full-size tries are cheap.
    expect(nativeBand({ data: new Uint8ClampedArray(1200 * 800 * 4), width: 1200, height: 800 })).toBeNull();
  });

  it('aims a big photo with a native band first, and the file still reaches the target measured at full size', async () => {
    expect(nativeBand(await searchBig(1920, 1600))).not.toBeNull();
  }, 600_000);

  it('keeps the original bytes when the result is not smaller and nothing forces a change', async () => {
    // Our own lossless PNG cannot get smaller; a q75 JPEG asked for at quality 92 would grow.
    const png = ok(await processImage(fixture('coffee.png'), job({ output: 'png' }))).bytes;
    const again = ok(await processImage(png, job({ output: 'keep' })));
    expect(again.keptOriginal).toBe(true);
    expect(Array.from(again.bytes)).toEqual(Array.from(png));
    const jpeg = ok(await processImage(fixture('coffee.png'), job({ output: 'jpeg', quality: 75 }))).bytes;
    const bigger = ok(await processImage(jpeg, job({ output: 'keep', quality: 92 })));
    expect(bigger.keptOriginal).toBe(true);
    expect(bigger.bytes.length).toBe(jpeg.length);
    // A target size the input already meets: the input, untouched.
    const sized = ok(await processImage(jpeg, job({ output: 'keep', targetBytes: jpeg.length * 3 })));
    expect(sized).toMatchObject({ keptOriginal: true, targetReached: true });
    expect(Array.from(sized.bytes)).toEqual(Array.from(jpeg));
    // A smaller result is a new file.
    const smaller = ok(await processImage(jpeg, job({ output: 'keep', quality: 40 })));
    expect(smaller.keptOriginal).toBeUndefined();
    expect(smaller.bytes.length).toBeLessThan(jpeg.length);
  }, 60_000);

  it('writes a new file, even a bigger one, when the format, the size or stripped metadata asks for it', async () => {
    const jpeg = ok(await processImage(fixture('coffee.png'), job({ output: 'jpeg', quality: 75 }))).bytes;
    const png = ok(await processImage(jpeg, job({ output: 'png' })));
    expect(png.keptOriginal).toBeUndefined();
    expect(detectFormat(png.bytes)).toBe('png');
    const resized = ok(await processImage(jpeg, job({ output: 'keep', quality: 95, resize: { mode: 'percent', percent: 101 } })));
    expect(resized.keptOriginal).toBeUndefined();
    // oriented-6.jpg carries EXIF: stripping it is a change, even at a quality that makes the file bigger.
    const exif = fixture('oriented-6.jpg');
    expect(hasExif(exif)).toBe(true);
    const stripped = ok(await processImage(exif, job({ output: 'keep', quality: 100 })));
    expect(stripped.keptOriginal).toBeUndefined();
    expect(hasExif(stripped.bytes)).toBe(false);
  }, 60_000);

  it('says so when the target cannot be reached', async () => {
    const out = ok(await processImage(fixture('coffee.png'), job({ output: 'jpeg', targetBytes: 200 })));
    expect(out.targetReached).toBe(false);
    expect(out.quality).toBe(1);
  }, 60_000);

  it('gives each bad input its own error', async () => {
    expect(await processImage(fixture('truncated.jpg'), job({}))).toMatchObject({ ok: false, key: 'truncated' });
    expect(await processImage(fixture('not-image.jpg'), job({}))).toMatchObject({ ok: false, key: 'notImage' });
    expect(await processImage(new Uint8Array(0), job({}))).toMatchObject({ ok: false, key: 'notImage' });
    // Wrong extension: a PNG named .jpg is read as the PNG it is, and "keep format" keeps PNG.
    const png = ok(await processImage(fixture('really-png.jpg'), job({})));
    expect(png.inputFormat).toBe('png');
    expect(png.format).toBe('png');
  }, 30_000);

  it('refuses before decoding what cannot fit', async () => {
    // A real PNG header claiming 20000×20000 (400 MP): refused from the header alone.
    const png = fixture('coffee.png').slice();
    const view = new DataView(png.buffer);
    view.setUint32(16, 20000);
    view.setUint32(20, 20000);
    expect(await processImage(png, job({}))).toMatchObject({ ok: false, key: 'tooManyPixels', params: { megapixels: 400 } });
    // Issue 25.6: 10,000 frames of 1×1 on a 4000×4000 logical screen (230 KB) are 10,000 full 16 MP frames to
    // composite and encode. Refused from the block structure alone, for every output that keeps the frames.
    const gif = manyFrameGif(4000, 4000, 10_000);
    expect(gif.length).toBeLessThan(240_000);
    for (const output of ['gif', 'webp', 'keep'] as const) {
      expect(await processImage(gif, job({ output })), output).toMatchObject({ ok: false, key: 'tooManyFramePixels', params: { frames: 10_000, width: 4000, height: 4000, megapixels: 160_000 } });
    }
    // A short animation on a small screen is well within it.
    expect(checkAnimationSize({ width: 480, height: 270 }, 1000)).toBeNull();
    // A resize up past WebP's 16383-pixel side is refused too.
    expect(await processImage(fixture('cat.jpg'), job({ output: 'webp', resize: { mode: 'percent', percent: 6000 } }))).toMatchObject({ ok: false, key: 'formatTooLarge' });
  });
});
