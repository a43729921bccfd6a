// Pixels around the model, with the browser's own codecs and scaler (all of it works in a worker).
import { ToolError } from '../../lib/errors';
import { cutOff, whyUnreadable, type Unreadable } from '../codecs/unreadable';

/** Larger images would need several hundred MB in the worker. */
const MAX_PIXELS = 40_000_000;
/** The model's input and output: 1024×1024. */
export const MODEL_SIZE = 1024;

/** Any image the browser decodes, EXIF orientation applied, on a canvas. */
export async function decodeImage(file: Blob): Promise<OffscreenCanvas> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const refuse = (why: Unreadable) => new ToolError(`image-removebg:errors.${why.key}`, why.format ? { format: why.format } : undefined);
  // A cut-off file would decode as a grey band: refused with its reason rather than cut out half.
  const cut = cutOff(bytes);
  if (cut) throw refuse(cut);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw refuse(whyUnreadable(bytes));
  }
  try {
    if (bitmap.width * bitmap.height > MAX_PIXELS) throw new ToolError('image-removebg:errors.tooLarge');
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    return canvas;
  } finally {
    bitmap.close();
  }
}

/** The model's input: the image squeezed to 1024×1024, as planar RGB normalised to (v − 128) / 256. */
export function toInputTensor(image: OffscreenCanvas): Float32Array<ArrayBuffer> {
  const S = MODEL_SIZE;
  const ctx = new OffscreenCanvas(S, S).getContext('2d', { willReadFrequently: true })!;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, S, S);
  const px = ctx.getImageData(0, 0, S, S).data;
  const plane = S * S;
  const out = new Float32Array(3 * plane);
  for (let i = 0, j = 0; j < plane; i += 4, j++) {
    out[j] = (px[i] - 128) / 256;
    out[j + plane] = (px[i + 1] - 128) / 256;
    out[j + 2 * plane] = (px[i + 2] - 128) / 256;
  }
  return out;
}

/** The model's 1024×1024 mask (0…1) scaled to the image and applied to its alpha channel. */
export function applyMask(image: OffscreenCanvas, mask: Float32Array): ImageData {
  const S = MODEL_SIZE;
  // The mask travels as grey, opaque pixels: scaling them needs no premultiplied alpha, so nothing is lost.
  const grey = new ImageData(S, S);
  for (let j = 0, i = 0; j < S * S; j++, i += 4) {
    const v = Math.round(Math.min(1, Math.max(0, mask[j])) * 255);
    grey.data[i] = grey.data[i + 1] = grey.data[i + 2] = v;
    grey.data[i + 3] = 255;
  }
  const small = new OffscreenCanvas(S, S);
  small.getContext('2d')!.putImageData(grey, 0, 0);
  const { width, height } = image;
  const scaled = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true })!;
  scaled.imageSmoothingQuality = 'high';
  scaled.drawImage(small, 0, 0, width, height);
  const alpha = scaled.getImageData(0, 0, width, height).data;
  const out = image.getContext('2d', { willReadFrequently: true })!.getImageData(0, 0, width, height);
  for (let i = 3; i < out.data.length; i += 4) out.data[i] = (out.data[i] * alpha[i - 3]) / 255;
  return out;
}

/** The cut-out as PNG: transparent, or laid on a solid colour (#rrggbb). */
export async function compose(cutout: ImageData, fill: string | null): Promise<Blob> {
  const canvas = new OffscreenCanvas(cutout.width, cutout.height);
  const ctx = canvas.getContext('2d')!;
  if (fill) {
    // putImageData replaces pixels; drawing a canvas blends it over the colour.
    const layer = new OffscreenCanvas(cutout.width, cutout.height);
    layer.getContext('2d')!.putImageData(cutout, 0, 0);
    ctx.fillStyle = fill;
    ctx.fillRect(0, 0, cutout.width, cutout.height);
    ctx.drawImage(layer, 0, 0);
  } else {
    ctx.putImageData(cutout, 0, 0);
  }
  return canvas.convertToBlob({ type: 'image/png' });
}
