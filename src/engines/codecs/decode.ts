// Bytes to upright RGBA pixels. jSquash decoders where they exist; the browser's decoder (colour-managed,
// EXIF-aware) for GIF, BMP and files with an ICC profile, which it converts to sRGB; libheif for HEIC/HEIF.
import { browserDecode, canUseBrowserDecoder, DecodeError } from './browser-decode';
import { readOrientation } from './exif';
import { MIME, type InputFormat, type OutputFormat } from './formats';
import { decodeHeic } from './heic';
import { hasIccProfile } from './header';
import { EngineLoadError } from './load-error';
import { avifDecoder, jpegDecoder, jxlDecoder, pngDecoder, webpDecoder } from './loaders';
import { applyOrientation, type Pixels } from './pixels';

export { DecodeError };

function toPixels(img: { data: Uint8ClampedArray | Uint8Array; width: number; height: number }): Pixels {
  const data = img.data instanceof Uint8ClampedArray ? img.data : new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.byteLength);
  return { data, width: img.width, height: img.height };
}

export async function decodeImage(bytes: Uint8Array, format: InputFormat, mime: string): Promise<Pixels> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  try {
    if (format === 'gif' || format === 'bmp' || (format !== 'heic' && hasIccProfile(bytes, format) && canUseBrowserDecoder())) return await browserDecode(bytes, mime);
    switch (format) {
      case 'jpeg': {
        const pixels = toPixels(await (await jpegDecoder())(buffer));
        return applyOrientation(pixels, readOrientation(bytes));
      }
      case 'png':
        return toPixels(await (await pngDecoder())(buffer));
      case 'webp':
        return toPixels(await (await webpDecoder())(buffer));
      case 'avif': {
        const img = await (await avifDecoder())(buffer);
        if (!img) throw new DecodeError('avifDecode');
        return toPixels(img as { data: Uint8ClampedArray; width: number; height: number });
      }
      case 'heic': {
        const pixels = await decodeHeic(bytes);
        if (!pixels) throw new DecodeError('decodeFailed');
        return pixels;
      }
      default:
        throw new DecodeError('decodeFailed');
    }
  } catch (error) {
    if (error instanceof DecodeError || error instanceof EngineLoadError) throw error;
    throw new DecodeError(format === 'avif' ? 'avifDecode' : 'decodeFailed');
  }
}

/** Our own output read back (to measure it): every output format is an input format except JPEG XL. */
export async function decodeOutput(bytes: Uint8Array, format: OutputFormat): Promise<Pixels> {
  if (format !== 'jxl') return decodeImage(bytes, format, MIME[format]);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return toPixels(await (await jxlDecoder())(buffer));
}
