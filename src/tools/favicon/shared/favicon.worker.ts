import * as Comlink from 'comlink';
import { encodeIcons, type EncodedIcons } from './encode';
import type { Pixels } from '../../../engines/codecs/pixels';
import { checkInputSize, fileTooLarge } from '../../../engines/codecs/limits';
import { ToolError } from '../../../lib/errors';
import { cutOff, whyUnreadable, type Unreadable } from '../../../engines/codecs/unreadable';
import { parseHexColor } from '../../../lib/hex-colour';
import { settle, type Envelope } from '../../../runtime/envelope';
import { iconImagesFromSource, type SquareMode } from './raster';
import type { IconImages } from './spec';

/** Sources larger than this are first brought down by the browser's high-quality scaler, to bound memory and time. */
const MAX_SIDE = 4096;

export interface RasterOptions {
  mode: SquareMode;
  background: string;
}

export interface RasterPackage {
  source: { width: number; height: number };
  icons: EncodedIcons;
}

function buffers(icons: EncodedIcons): ArrayBuffer[] {
  return [icons.ico.buffer as ArrayBuffer, ...Object.values(icons.pngs).map((p) => p.buffer as ArrayBuffer)];
}

async function decode(blob: Blob): Promise<{ image: Pixels; width: number; height: number }> {
  let bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none' });
  const { width, height } = bitmap;
  // A format whose header we do not read (ICO, SVG…) meets the same limit once decoded.
  const tooLarge = checkInputSize({ width, height });
  if (tooLarge) {
    bitmap.close();
    throw new ToolError(`image-codecs:errors.${tooLarge.key}`, tooLarge.params);
  }
  const longest = Math.max(width, height);
  if (longest > MAX_SIDE) {
    bitmap.close();
    const k = MAX_SIDE / longest;
    bitmap = await createImageBitmap(blob, {
      premultiplyAlpha: 'none',
      resizeWidth: Math.max(1, Math.round(width * k)),
      resizeHeight: Math.max(1, Math.round(height * k)),
      resizeQuality: 'high',
    });
  }
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.drawImage(bitmap, 0, 0);
  const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
  const image = { width: bitmap.width, height: bitmap.height, data };
  bitmap.close();
  return { image, width, height };
}

const GENERATION_FAILED = 'favicon:errors.generation';

/** Any failure past decoding is "could not generate" (logged: it is a bug or a browser failure). */
async function generating<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    console.error(error);
    throw new ToolError(GENERATION_FAILED);
  }
}

const api = {
  /** A raster file (PNG, JPEG, GIF, WebP, …) to the whole icon set. */
  fromFile(blob: Blob, options: RasterOptions): Promise<Envelope<RasterPackage>> {
    return settle(
      async () => {
        const bytes = new Uint8Array(await blob.arrayBuffer());
        // The image tools' pixel limit, from the header before anything is decoded (a 400 MP PNG took 25 s).
        const tooLarge = fileTooLarge(bytes);
        if (tooLarge) throw new ToolError(`image-codecs:errors.${tooLarge.key}`, tooLarge.params);
        const refuse = (why: Unreadable) => new ToolError(`favicon:errors.${why.key}`, why.format ? { format: why.format } : undefined);
        const cut = cutOff(bytes);
        if (cut) throw refuse(cut);
        const decoded = await decode(blob).catch((e: unknown) => Promise.reject(e instanceof ToolError ? e : refuse(whyUnreadable(bytes))));
        return generating(async () => {
          const background = parseHexColor(options.background);
          if (!background) throw new Error(`bad colour ${options.background}`);
          const icons = await encodeIcons(await iconImagesFromSource(decoded.image, options.mode, background));
          return { source: { width: decoded.width, height: decoded.height }, icons };
        });
      },
      GENERATION_FAILED,
      (value) => buffers(value.icons),
    );
  },

  /** Icons already drawn at their final sizes (vector sources) to PNG files and the ICO. */
  encode(images: IconImages): Promise<Envelope<EncodedIcons>> {
    return settle(() => generating(() => encodeIcons(images)), GENERATION_FAILED, buffers);
  },
};

export type FaviconWorkerApi = typeof api;

Comlink.expose(api);
