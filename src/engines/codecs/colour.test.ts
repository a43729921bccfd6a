import { execFileSync } from 'node:child_process';
import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { needsConversion, taggedPng } from './colour';

/** The chunks of a PNG, in order, with their payloads. */
function chunks(png: Uint8Array): { type: string; data: Uint8Array }[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const out = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    out.push({ type: String.fromCharCode(...png.subarray(at + 4, at + 8)), data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return out;
}

const pixels = { width: 3, height: 2, data: new Uint8ClampedArray(Array.from({ length: 24 }, (_, i) => i * 10)) };

describe('colour tagging', () => {
  it('converts only what is not sRGB already', () => {
    expect(needsConversion(null)).toBe(false);
    expect(needsConversion({ icc: new Uint8Array(500) })).toBe(true);
    expect(needsConversion({ cicp: { primaries: 1, transfer: 13 } })).toBe(false);
    expect(needsConversion({ cicp: { primaries: 2, transfer: 2 } })).toBe(false);
    // Display P3 (primaries 12) and PQ HDR (transfer 16) are not.
    expect(needsConversion({ cicp: { primaries: 12, transfer: 13 } })).toBe(true);
    expect(needsConversion({ cicp: { primaries: 9, transfer: 16 } })).toBe(true);
  });
  it('wraps the pixels unchanged in a PNG with the ICC profile in iCCP before the image data', () => {
    const icc = new Uint8Array(300).map((_, i) => i % 251);
    const png = taggedPng(pixels, { icc });
    expect(chunks(png).map((c) => c.type)).toEqual(['IHDR', 'iCCP', 'IDAT', 'IEND']);
    const iccp = chunks(png)[1].data;
    expect(String.fromCharCode(...iccp.subarray(0, 4))).toBe('icc\0');
    expect(iccp[4]).toBe(0);
    expect(unzlibSync(iccp.subarray(5))).toEqual(icc);
    // Read back by ImageMagick: the pixels, exactly (the profile is only attached, never applied).
    const rgba = execFileSync('/usr/bin/convert', ['png:-', '-depth', '8', 'rgba:-'], { input: png });
    expect(new Uint8ClampedArray(rgba)).toEqual(pixels.data);
  });
  it('tags H.273 code points as cICP (RGB matrix, full range)', () => {
    const png = taggedPng(pixels, { cicp: { primaries: 12, transfer: 13 } });
    const cicp = chunks(png).find((c) => c.type === 'cICP')!;
    expect(Array.from(cicp.data)).toEqual([12, 13, 0, 1]);
    // Read back by ImageMagick: the pixels, exactly (the profile is only attached, never applied).
    const rgba = execFileSync('/usr/bin/convert', ['png:-', '-depth', '8', 'rgba:-'], { input: png });
    expect(new Uint8ClampedArray(rgba)).toEqual(pixels.data);
  });
});
