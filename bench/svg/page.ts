// Runs inside headless Chromium (served by Vite's dev server from run.mjs): the converters' own functions,
// as the tools call them, and the judge. Bytes cross to Node as base64.
import { rasterizeSvg } from '../../src/engines/svg/render';
import { prepareSvgText } from '../../src/engines/svg/prepare';
import { svgToEps } from '../../src/engines/svg/eps/eps';
import { finishInPage } from '../../src/engines/svg/eps/rasterize';
import { PDF_DEFAULTS } from '../../src/tools/svg/svg-to-pdf/layout';
import { svgsToPdf } from '../../src/tools/svg/svg-to-pdf/svgPdfWriter';
import { BLOCK, BLOCK_CHANNEL, blockShare } from './judge';

const toB64 = async (blob: Blob) => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};
const fromB64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

/** An image's RGBA pixels drawn at exactly width × height (a converter's output may be a pixel off). */
async function pixels(b64: string, width: number, height: number): Promise<Uint8ClampedArray> {
  const bitmap = await createImageBitmap(new Blob([fromB64(b64)], { type: 'image/png' }), { colorSpaceConversion: 'none' });
  const ctx = new OffscreenCanvas(width, height).getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return ctx.getImageData(0, 0, width, height).data;
}

const api = {
  async png(svg: string, width: number): Promise<string> {
    const { blob } = await rasterizeSvg(svg, { size: { mode: 'width', width }, type: 'image/png' });
    return toB64(blob);
  },
  async pdf(svg: string): Promise<string> {
    const { blob } = await svgsToPdf([svg], PDF_DEFAULTS);
    return toB64(blob);
  },
  async eps(svg: string): Promise<string> {
    const r = svgToEps(prepareSvgText(svg), 'bench');
    return (await finishInPage(r)).eps;
  },
  async compare(refB64: string, outB64: string, width: number, height: number): Promise<number> {
    return blockShare(await pixels(refB64, width, height), await pixels(outB64, width, height), width, height, BLOCK, BLOCK_CHANNEL);
  },
};

(window as unknown as { bench: typeof api }).bench = api;
document.getElementById('status')!.textContent = 'ready';
