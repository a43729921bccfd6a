import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCodecWasmInNode } from './node-wasm.testing';
import { processImage } from './pipeline';
import { jpegQuality, jpegSubsampled, webpSource } from './source-quality';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));

describe('source quality', () => {
  it('reads the quality ImageMagick saved a JPEG at (its identify %Q agrees)', () => {
    expect(jpegQuality(fixture('coffee-q30.jpg'))).toBe(30);
    expect(jpegQuality(fixture('cat.jpg'))).toBe(88);
    expect(jpegQuality(fixture('oriented-6.jpg'))).toBe(90);
    expect(jpegQuality(fixture('coffee.png'))).toBeNull();
    expect(jpegQuality(fixture('truncated.jpg'))).not.toBeNaN();
  });
  it('estimates a lossy WebP within a few points of the -quality it was made with, and knows a lossless one', () => {
    const q70 = webpSource(fixture('coffee-q70.webp'));
    const q95 = webpSource(fixture('coffee-q95.webp'));
    expect(q70?.lossless).toBe(false);
    expect(q70 && !q70.lossless && Math.abs(q70.quality - 70)).toBeLessThanOrEqual(5);
    expect(q95 && !q95.lossless && Math.abs(q95.quality - 95)).toBeLessThanOrEqual(5);
    expect(webpSource(fixture('small-lossless.webp'))).toEqual({ lossless: true });
    expect(webpSource(fixture('cat.jpg'))).toBeNull();
  });
});

describe('saving again at the input\'s own quality', () => {
  beforeAll(loadCodecWasmInNode);
  // A crop of the whole picture forces a new file without changing a pixel; lossless: false keeps it off the DCT path.
  const edit = (width: number, height: number) => ({ output: 'keep' as const, quality: 50, matchQuality: true, lossless: false, crop: { x: 0, y: 0, width, height } });
  it('re-encodes a quality-30 JPEG at 30, an edited quality-70 WebP near-lossless (VP8L), and keeps a lossless WebP lossless', async () => {
    const jpeg = await processImage(fixture('coffee-q30.jpg'), edit(225, 150));
    expect(jpeg.ok && jpeg.format === 'jpeg' && jpeg.quality).toBe(30);
    // Saved with libjpeg's tables at that quality and the input's 4:2:0: ImageMagick's estimate reads 30 again.
    expect(jpeg.ok && jpegQuality(jpeg.bytes)).toBe(30);
    expect(jpegSubsampled(fixture('coffee-q30.jpg'))).toBe(true);
    expect(jpeg.ok && jpegSubsampled(jpeg.bytes)).toBe(true);
    const webp = await processImage(fixture('coffee-q70.webp'), edit(225, 150));
    expect(webp.ok && webp.format).toBe('webp');
    // Read as 67, saved near-lossless: its own quality would move the pixels left alone by butteraugli ~1.8, 98 by ~1.
    expect(webp.ok && [webp.quality, webp.nearLossless, webpSource(webp.bytes)]).toEqual([undefined, true, { lossless: true }]);
    const lossless = await processImage(fixture('small-lossless.webp'), edit(48, 32));
    expect(lossless.ok && webpSource(lossless.bytes)).toEqual({ lossless: true });
  });
});
