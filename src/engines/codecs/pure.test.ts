import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exifSegmentForCopy, insertSegments, readOrientation } from './exif';
import { detectFormat, isJxl, keptFormat, type InputFormat } from './formats';
import { hasIccProfile, isComplete, readDimensions } from './header';
import { checkAnimationSize, checkInputSize, checkOutputSize, fileTooLarge } from './limits';
import { applyOrientation, flattenOnto } from './pixels';
import { targetDimensions } from './resize-math';
import { maxAttempts, searchQuality } from './target-size';

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, 'fixtures', name)));

describe('format detection by content', () => {
  it.each([
    ['cat.jpg', 'jpeg', 320, 213],
    ['coffee.png', 'png', 225, 150],
    ['really-png.jpg', 'png', 225, 150],
    ['rocket.webp', 'webp', 240, 160],
    ['astronaut.avif', 'avif', 160, 160],
    ['coffee.heic', 'heic', 226, 150], // the coded (even) size: a clap box crops the decoded image to 225
    ['oriented-6.heic', 'heic', 200, 120],
    ['cat.gif', 'gif', 96, 64],
    ['coffee.bmp', 'bmp', 80, 53],
    ['oriented-6.jpg', 'jpeg', 200, 120],
  ])('%s is %s, %i×%i from the header', (name, format, width, height) => {
    const bytes = fixture(name);
    expect(detectFormat(bytes)).toBe(format);
    expect(readDimensions(bytes, format as never)).toEqual({ width, height });
    expect(isComplete(bytes, format as never)).toBe(true);
  });

  it('rejects what is not an image', () => {
    expect(detectFormat(fixture('not-image.jpg'))).toBeNull();
    expect(detectFormat(new Uint8Array(0))).toBeNull();
    expect(detectFormat(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('sees a cut-off file as incomplete', () => {
    expect(isComplete(fixture('truncated.jpg'), 'jpeg')).toBe(false);
    const png = fixture('coffee.png');
    expect(isComplete(png.subarray(0, png.length - 20), 'png')).toBe(false);
    const webp = fixture('rocket.webp');
    expect(isComplete(webp.subarray(0, webp.length - 100), 'webp')).toBe(false);
    const avif = fixture('astronaut.avif');
    expect(isComplete(avif.subarray(0, avif.length - 100), 'avif')).toBe(false);
  });

  it('keeps formats it can write, maps the others', () => {
    expect(keptFormat('bmp')).toBe('png');
    expect(keptFormat('webp')).toBe('webp');
    // JPEG XL is written only when asked for: "keep the format" never turns anything into it.
    const inputs: InputFormat[] = ['jpeg', 'png', 'webp', 'avif', 'gif', 'bmp', 'heic'];
    for (const input of inputs) expect(keptFormat(input)).not.toBe('jxl');
  });

  it('knows a JPEG XL codestream and container by their signatures, and reads neither as input', () => {
    const codestream = new Uint8Array([0xff, 0x0a, 0xfa, 0x1f]);
    const container = new Uint8Array([0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a, 0, 0, 0, 0x14]);
    expect(isJxl(codestream)).toBe(true);
    expect(isJxl(container)).toBe(true);
    expect(detectFormat(codestream)).toBeNull();
    expect(detectFormat(container)).toBeNull();
    expect(isJxl(container.subarray(0, 11))).toBe(false);
    expect(isJxl(fixture('cat.jpg'))).toBe(false);
    expect(isJxl(fixture('astronaut.avif'))).toBe(false);
  });

  it('finds embedded ICC profiles', () => {
    expect(hasIccProfile(fixture('cat.jpg'), 'jpeg')).toBe(false);
    const icc = new TextEncoder().encode('ICC_PROFILE\0\x01\x01fake');
    const seg = new Uint8Array([0xff, 0xe2, 0, icc.length + 2, ...icc]);
    expect(hasIccProfile(insertSegments(fixture('cat.jpg'), [seg]), 'jpeg')).toBe(true);
  });
});

describe('EXIF', () => {
  it('reads the orientation and resets it in the copy', () => {
    const jpg = fixture('oriented-6.jpg');
    expect(readOrientation(jpg)).toBe(6);
    expect(readOrientation(fixture('cat.jpg'))).toBe(1);
    const seg = exifSegmentForCopy(jpg)!;
    expect(seg[0]).toBe(0xff);
    expect(seg[1]).toBe(0xe1);
    expect(readOrientation(insertSegments(fixture('cat.jpg'), [seg]))).toBe(1);
    expect(readOrientation(jpg)).toBe(6); // the source is untouched
  });

  it('survives malformed EXIF', () => {
    const bad = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x0a, 0x45, 0x78, 0x69, 0x66, 0, 0, 0x49, 0x49, 0xff, 0xd9]);
    expect(readOrientation(bad)).toBe(1);
  });
});

describe('pixels', () => {
  // 3×2 image, each pixel's red channel is its index.
  const src = () => {
    const data = new Uint8ClampedArray(6 * 4);
    for (let i = 0; i < 6; i++) data.set([i, 0, 0, 255], i * 4);
    return { data, width: 3, height: 2 };
  };
  const reds = (p: { data: Uint8ClampedArray }) => Array.from(p.data.filter((_, i) => i % 4 === 0));

  it.each([
    [1, 3, 2, [0, 1, 2, 3, 4, 5]],
    [2, 3, 2, [2, 1, 0, 5, 4, 3]],
    [3, 3, 2, [5, 4, 3, 2, 1, 0]],
    [4, 3, 2, [3, 4, 5, 0, 1, 2]],
    [5, 2, 3, [0, 3, 1, 4, 2, 5]],
    [6, 2, 3, [3, 0, 4, 1, 5, 2]],
    [7, 2, 3, [5, 2, 4, 1, 3, 0]],
    [8, 2, 3, [2, 5, 1, 4, 0, 3]],
  ])('orientation %i', (o, w, h, expected) => {
    const out = applyOrientation(src(), o as never);
    expect([out.width, out.height]).toEqual([w, h]);
    expect(reds(out)).toEqual(expected);
  });

  it('flattens half-transparent red onto white as pink', () => {
    const p = flattenOnto({ data: new Uint8ClampedArray([255, 0, 0, 128]), width: 1, height: 1 }, '#ffffff');
    expect(Array.from(p.data)).toEqual([255, 127, 127, 255]);
  });
});

describe('resize dimensions', () => {
  const src = { width: 4000, height: 3000 };
  it('scales by percentage', () => expect(targetDimensions(src, { mode: 'percent', percent: 25 })).toEqual({ width: 1000, height: 750 }));
  it('keeps aspect from one side', () => {
    expect(targetDimensions(src, { mode: 'pixels', width: 1000, keepAspect: true })).toEqual({ width: 1000, height: 750 });
    expect(targetDimensions(src, { mode: 'pixels', height: 600, keepAspect: true })).toEqual({ width: 800, height: 600 });
  });
  it('fits inside a box with aspect kept, stretches without', () => {
    expect(targetDimensions(src, { mode: 'pixels', width: 1000, height: 1000, keepAspect: true })).toEqual({ width: 1000, height: 750 });
    expect(targetDimensions(src, { mode: 'pixels', width: 1000, height: 1000, keepAspect: false })).toEqual({ width: 1000, height: 1000 });
  });
  it('never goes below one pixel', () => expect(targetDimensions({ width: 1000, height: 3 }, { mode: 'percent', percent: 1 })).toEqual({ width: 10, height: 1 }));
});

describe('limits', () => {
  it('lets a 50 MP photo through and refuses 120 MP', () => {
    expect(checkInputSize({ width: 8660, height: 5773 })).toBeNull();
    expect(checkInputSize({ width: 12000, height: 10000 })?.key).toBe('tooManyPixels');
    expect(checkInputSize({ width: 0, height: 10 })?.key).toBe('badDimensions');
  });
  it('reads the limit from a file header alone, for any tool (issue 25.6: the favicon converter took a 400 MP PNG)', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20, 8, 0, 0, 0, 0]);
    expect(fileTooLarge(png)).toMatchObject({ key: 'tooManyPixels', params: { width: 20000, height: 20000, megapixels: 400, limit: 100 } });
    png[18] = 0x03; // 800 × 20000: 16 MP
    expect(fileTooLarge(png)).toBeNull();
    expect(fileTooLarge(new Uint8Array([1, 2, 3]))).toBeNull();
  });
  it('bounds an animation by frames × area', () => {
    expect(checkAnimationSize({ width: 1920, height: 1080 }, 480)).toBeNull();
    expect(checkAnimationSize({ width: 4000, height: 4000 }, 10_000)).toMatchObject({ key: 'tooManyFramePixels', params: { frames: 10_000, megapixels: 160_000, limit: 1000 } });
  });
  it('knows WebP stops at 16383 pixels a side', () => {
    expect(checkOutputSize({ width: 16384, height: 100 }, 'webp')?.key).toBe('formatTooLarge');
    expect(checkOutputSize({ width: 16384, height: 100 }, 'jpeg')).toBeNull();
  });
});

describe('target size search', () => {
  // A made-up size curve: 100 bytes a quality step, plus a bump at 61 (not strictly monotonic).
  const size = (q: number) => q * 100 + (q === 61 ? 500 : 0);
  const encode = async (q: number) => ({ output: q, size: size(q) });

  it('finds the highest quality at or under the target', async () => {
    const r = await searchQuality(encode, 6050);
    expect(r).toMatchObject({ quality: 60, reached: true, size: 6000 });
    expect(r.attempts.length).toBeLessThanOrEqual(maxAttempts(1, 100, 0));
  });
  it('the scan steps past a bump the bisection may stop at', async () => {
    const bumpy = async (q: number) => ({ output: q, size: q === 55 ? 9999 : q * 100 });
    const plain = await searchQuality(bumpy, 6050);
    const scanned = await searchQuality(bumpy, 6050, { scan: 3 });
    expect(scanned.quality).toBeGreaterThanOrEqual(plain.quality);
    expect(scanned.size).toBeLessThanOrEqual(6050);
  });
  it('returns the top quality when it already fits, the lowest when nothing does', async () => {
    expect((await searchQuality(encode, 1e9)).quality).toBe(100);
    const none = await searchQuality(encode, 50);
    expect(none).toMatchObject({ quality: 1, reached: false });
  });
  it('reports each attempt against a known maximum', async () => {
    const seen: [number, number][] = [];
    await searchQuality(encode, 3000, { scan: 3, onAttempt: (d, t) => seen.push([d, t]) });
    expect(seen.every(([d, t]) => d <= t)).toBe(true);
  });
});
