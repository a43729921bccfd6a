// Shared by the image tools' e2e files: fixtures, downloads, decoding a download in the real browser.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { detectFormat } from '../src/engines/codecs/formats';
import { readDimensions } from '../src/engines/codecs/header';
import { rows } from './support/results';

export { download, row, rows } from './support/results';

export const FIXTURES = path.resolve('src/engines/codecs/fixtures');
export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
export const file = (name: string, mimeType: string) => ({ name, mimeType, buffer: fixture(name) });



export async function settle(page: Page, done: number, error: number, timeout = 45_000): Promise<void> {
  await expect.poll(async () => [await rows(page, 'done').count(), await rows(page, 'error').count()], { timeout }).toEqual([done, error]);
}

/** The format by magic bytes, the header's size, and the size the browser itself decodes (proof the file is whole). */
export async function inspect(page: Page, bytes: Uint8Array): Promise<{ format: string | null; header: { width: number; height: number } | null; decoded: { width: number; height: number } }> {
  const format = detectFormat(bytes);
  const header = format ? readDimensions(bytes, format) : null;
  const decoded = await page.evaluate(async (b64) => {
    const bin = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bin]));
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  }, Buffer.from(bytes).toString('base64'));
  return { format, header, decoded };
}

/** RGBA pixels as the browser decodes the bytes. */
export async function browserPixels(page: Page, bytes: Uint8Array): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const { b64, width, height } = await page.evaluate(async (input) => {
    const bin = Uint8Array.from(atob(input), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bin]));
    const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const px = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let s = '';
    for (let i = 0; i < px.length; i += 0x8000) s += String.fromCharCode(...px.subarray(i, i + 0x8000));
    return { b64: btoa(s), width: bitmap.width, height: bitmap.height };
  }, Buffer.from(bytes).toString('base64'));
  return { data: new Uint8ClampedArray(Buffer.from(b64, 'base64')), width, height };
}
