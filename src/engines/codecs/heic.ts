// HEIC/HEIF through libheif (LGPL-3.0, wasm served from our origin), loaded only when a HEIC file arrives.
// libheif applies the file's own transformations (irot/imir/clap) while decoding, so the pixels come out
// upright; the EXIF orientation inside a HEIF file is informational and must not be applied again.
import { libheif } from './loaders';
import type { Pixels } from './pixels';

interface HeifImage {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  free(): void;
  display(target: { data: Uint8ClampedArray; width: number; height: number }, done: (result: unknown) => void): void;
}

interface HeifDecoder {
  decoder: unknown;
  decode(bytes: Uint8Array): HeifImage[];
}

export async function decodeHeic(bytes: Uint8Array): Promise<Pixels | null> {
  const lib = (await libheif()) as unknown as { HeifDecoder: new () => HeifDecoder; heif_context_free(context: unknown): void };
  const decoder = new lib.HeifDecoder();
  const images = decoder.decode(bytes);
  try {
    const image = images.find((i) => i.is_primary()) ?? images[0];
    if (!image) return null;
    const width = image.get_width();
    const height = image.get_height();
    const target = { data: new Uint8ClampedArray(width * height * 4), width, height };
    const result = await new Promise<unknown>((resolve) => image.display(target, resolve));
    return result ? target : null;
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) lib.heif_context_free(decoder.decoder);
  }
}
