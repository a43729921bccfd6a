// The mosaic's pixel work off the main thread: the preview worker keeps the decoded original and renders
// the current edit; a job worker decodes, pixelates and encodes the full-size download.
import { expose, transfer } from 'comlink';
import { ToolError } from '../../../lib/errors';
import { settle, type Envelope } from '../../../runtime/envelope';
import { fitMosaic, pixelate, type MosaicShape, type Region, type Size } from './pixelate';

export interface MosaicEdit {
  regions: Region[];
  blockSize: number;
  shape: MosaicShape;
  /** The size of the photo the regions were drawn on; other photos of a batch get them scaled to their size. */
  frame?: Size;
}

/** Beyond this the full-size pixels would not fit comfortably in a tab's memory. */
const MAX_PIXELS = 50_000_000;

async function decode(file: Blob): Promise<ImageData> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ToolError('image-mosaic:errors.decode');
  }
  try {
    if (bitmap.width * bitmap.height > MAX_PIXELS) throw new ToolError('image-mosaic:errors.tooLarge');
    const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(bitmap, 0, 0);
    return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

function apply(source: ImageData, edit: MosaicEdit): ImageData {
  const { regions, blockSize } = fitMosaic(edit.regions, edit.blockSize, edit.frame, source);
  const out = pixelate(source, regions, blockSize, edit.shape);
  return new ImageData(out.data, out.width, out.height);
}

const FAILED = 'image-mosaic:errors.failed';

let source: ImageData | undefined;

const api = {
  /** Preview: decodes and keeps the original. */
  load(file: Blob): Promise<Envelope<{ width: number; height: number }>> {
    return settle(async () => {
      source = undefined;
      source = await decode(file);
      return { width: source.width, height: source.height };
    }, FAILED);
  },
  /** Preview: the original with the edit applied (the pixels are transferred, not copied). */
  render(edit: MosaicEdit): ImageData | null {
    if (!source) return null;
    const out = apply(source, edit);
    return transfer(out, [out.data.buffer]);
  },
  /** Download: the file at full size with the edit, encoded as `type` (image/png, image/jpeg, image/webp). */
  exportFile(file: Blob, edit: MosaicEdit, type: string): Promise<Envelope<{ blob: Blob; width: number; height: number }>> {
    return settle(async () => {
      const out = apply(await decode(file), edit);
      const canvas = new OffscreenCanvas(out.width, out.height);
      canvas.getContext('2d')!.putImageData(out, 0, 0);
      const blob = await canvas.convertToBlob(type === 'image/png' ? { type } : { type, quality: 0.92 });
      return { blob, width: out.width, height: out.height };
    }, FAILED);
  },
};

export type MosaicApi = typeof api;

expose(api);
