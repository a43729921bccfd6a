// Independent judges of an image tool's output: Debian's butteraugli (a colour-aware perceptual distance; a q75
// JPEG of a photo scores about 3.5, a greyed copy 25–30) and the mean saturation a result keeps.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** A bench photo (bench/image/photos). */
export const photo = (name: string) => readFileSync(path.resolve('bench/image/photos', name));

/** The image re-encoded losslessly as PNG by the browser. */
export async function pngOf(page: Page, bytes: Buffer): Promise<Buffer> {
  const b64 = await page.evaluate(async (input) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(input), (c) => c.charCodeAt(0))]));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    const png = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    let s = '';
    for (let i = 0; i < png.length; i += 0x8000) s += String.fromCharCode(...png.subarray(i, i + 0x8000));
    return btoa(s);
  }, bytes.toString('base64'));
  return Buffer.from(b64, 'base64');
}

/** butteraugli's distance between two encoded images (png or jpg). */
export function butteraugli(a: Uint8Array, aExt: 'png' | 'jpg', b: Uint8Array, bExt: 'png' | 'jpg'): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'butteraugli-'));
  try {
    const fa = path.join(dir, `a.${aExt}`);
    const fb = path.join(dir, `b.${bExt}`);
    writeFileSync(fa, a);
    writeFileSync(fb, b);
    return Number(execFileSync('butteraugli', [fa, fb]).toString().trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Mean HSV saturation, 0–1. */
export function meanSaturation(p: { data: Uint8ClampedArray }): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < p.data.length; i += 4, n++) {
    const max = Math.max(p.data[i], p.data[i + 1], p.data[i + 2]);
    const min = Math.min(p.data[i], p.data[i + 1], p.data[i + 2]);
    sum += max === 0 ? 0 : (max - min) / max;
  }
  return sum / n;
}

/** Sets a range input as a user drags it (React sees the input event). */
export async function setRange(page: Page, testId: string, value: number): Promise<void> {
  await page.getByTestId(testId).evaluate((el, v) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(v));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}
