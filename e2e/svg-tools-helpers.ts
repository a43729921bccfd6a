// Shared by the SVG tools' e2e files: fixtures, downloads, and pixel decoding in the page itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

export { download, row, rows } from './support/results';

export const SVG_FIXTURES = path.resolve('src/engines/svg/fixtures');
export const svgFixture = (name: string) => readFileSync(path.join(SVG_FIXTURES, name));
export const svgFile = (name: string) => ({ name: path.basename(name), mimeType: 'image/svg+xml', buffer: svgFixture(name) });



export interface Pixels {
  width: number;
  height: number;
  /** RGBA, as an array for transport. */
  data: number[];
}

/** Decodes image bytes with the browser's own decoder. */
export function decodeImage(page: Page, bytes: Buffer, type: string): Promise<Pixels> {
  return page.evaluate(
    async ({ b64, type }) => {
      const bin = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bin], { type }), { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      return { width: bitmap.width, height: bitmap.height, data: Array.from(ctx.getImageData(0, 0, bitmap.width, bitmap.height).data) };
    },
    { b64: bytes.toString('base64'), type },
  );
}

/** The browser's own rendering of SVG text at width × height (an <img> drawn on a canvas), over `background` if given. */
export function renderSvgInPage(page: Page, svg: string, width: number, height: number, background?: string): Promise<Pixels> {
  return page.evaluate(
    async ({ svg, width, height, background }) => {
      // on* attributes renamed: DOMParser would report them as CSP violations (they never run).
      const doc = new DOMParser().parseFromString(svg.replace(/(\s)(on[a-z]+\s*=)/gi, '$1x$2'), 'image/svg+xml');
      const root = doc.documentElement;
      if (!root.hasAttribute('viewBox')) {
        const w = parseFloat(root.getAttribute('width') ?? '') || 300;
        const h = parseFloat(root.getAttribute('height') ?? '') || 150;
        root.setAttribute('viewBox', `0 0 ${w} ${h}`);
      }
      root.setAttribute('width', String(width));
      root.setAttribute('height', String(height));
      const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(doc)], { type: 'image/svg+xml' }));
      const img = new Image();
      img.src = url;
      await img.decode();
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d')!;
      if (background) {
        ctx.fillStyle = background;
        ctx.fillRect(0, 0, width, height);
      }
      ctx.drawImage(img, 0, 0, width, height);
      URL.revokeObjectURL(url);
      return { width, height, data: Array.from(ctx.getImageData(0, 0, width, height).data) };
    },
    { svg, width, height, background },
  );
}

/** Mean absolute difference per channel (0–255) of two same-size RGBA images. */
export function meanDiff(a: Pixels, b: Pixels): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`size ${a.width}×${a.height} vs ${b.width}×${b.height}`);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i] - b.data[i]);
  return sum / a.data.length;
}

/** Dark (luma < 128, opaque) pixel mask of an RGBA image composed over white. */
export function darkMask(p: Pixels): boolean[] {
  const out: boolean[] = [];
  for (let i = 0; i < p.data.length; i += 4) {
    const a = p.data[i + 3] / 255;
    const luma = (0.299 * p.data[i] + 0.587 * p.data[i + 1] + 0.114 * p.data[i + 2]) * a + 255 * (1 - a);
    out.push(luma < 128);
  }
  return out;
}

export function iou(a: boolean[], b: boolean[]): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) inter++;
    if (a[i] || b[i]) union++;
  }
  return union ? inter / union : 1;
}

/** Installs a tripwire: any script from hostile SVG would set window.__pwned or open a dialog. */
export async function armTripwire(page: Page): Promise<{ dialogs: string[] }> {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    // The app's own "leave with work not saved?" (beforeunload) is answered yes; any other dialog is a tripwire.
    if (d.type() === 'beforeunload') return void d.accept();
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { dialogs };
}

export async function pwned(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? null);
}
