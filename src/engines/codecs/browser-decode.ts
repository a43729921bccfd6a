// The browser's own decoder, where there is one (the app's workers; not Node): the first frame of a GIF,
// EXIF orientation applied, colours converted to sRGB through the file's profile.
import type { Pixels } from './pixels';

export class DecodeError extends Error {
  constructor(readonly key: 'decodeFailed' | 'avifDecode' | 'canvasUnavailable') {
    super(key);
  }
}

export function canUseBrowserDecoder(): boolean {
  return typeof createImageBitmap === 'function' && typeof OffscreenCanvas === 'function';
}

export async function browserDecode(bytes: Uint8Array, mime: string): Promise<Pixels> {
  const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: mime }));
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new DecodeError('canvasUnavailable');
    ctx.drawImage(bitmap, 0, 0);
    const d = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    return { data: d.data, width: d.width, height: d.height };
  } finally {
    bitmap.close();
  }
}
