// HEIC/HEIF through libheif (LGPL-3.0, wasm served from our origin), loaded only when a HEIC file arrives.
// libheif applies the file's own transformations (irot/imir/clap) while decoding, so the pixels come out
// upright; the EXIF orientation inside a HEIF file is informational and must not be applied again.
// Its colour profile (ICC or nclx) is read through libheif's C API and the pixels are converted to sRGB by
// the browser (colour.ts); in Node, where there is no browser, they stay as coded.
import { browserDecode, canUseBrowserDecoder } from './browser-decode';
import { needsConversion, taggedPng, type ColourProfile } from './colour';
import { libheif } from './loaders';
import type { Pixels } from './pixels';

interface HeifImage {
  /** The embind wrapper of the heif_image_handle; its pointer (`$$.ptr`) is what the C functions take. */
  handle: { $$?: { ptr?: number } };
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

interface LibHeif {
  HeifDecoder: new () => HeifDecoder;
  heif_context_free(context: unknown): void;
  HEAPU8: Uint8Array;
  HEAP32: Int32Array;
  _malloc(size: number): number;
  _free(ptr: number): void;
  _heif_image_handle_get_color_profile_type(handle: number): number;
  _heif_image_handle_get_raw_color_profile_size(handle: number): number;
  /** C functions returning a struct heif_error take a pointer for it first. */
  _heif_image_handle_get_raw_color_profile(error: number, handle: number, out: number): void;
  _heif_image_handle_get_nclx_color_profile(error: number, handle: number, out: number): void;
  _heif_nclx_color_profile_free(profile: number): void;
}

const fourcc = (s: string) => (s.charCodeAt(0) << 24) | (s.charCodeAt(1) << 16) | (s.charCodeAt(2) << 8) | s.charCodeAt(3);

function colourProfile(lib: LibHeif, image: HeifImage): ColourProfile | null {
  const handle = image.handle.$$?.ptr;
  if (typeof handle !== 'number') return null;
  const type = lib._heif_image_handle_get_color_profile_type(handle);
  const error = lib._malloc(16);
  try {
    if (type === fourcc('prof') || type === fourcc('rICC')) {
      const size = lib._heif_image_handle_get_raw_color_profile_size(handle);
      if (!size) return null;
      const data = lib._malloc(size);
      try {
        lib._heif_image_handle_get_raw_color_profile(error, handle, data);
        if (lib.HEAP32[error >> 2] !== 0) return null;
        return { icc: lib.HEAPU8.slice(data, data + size) };
      } finally {
        lib._free(data);
      }
    }
    if (type === fourcc('nclx')) {
      const out = lib._malloc(4);
      try {
        lib._heif_image_handle_get_nclx_color_profile(error, handle, out);
        const nclx = lib.HEAP32[out >> 2];
        if (lib.HEAP32[error >> 2] !== 0 || !nclx) return null;
        // struct heif_color_profile_nclx { uint8 version; enum primaries; enum transfer; … }
        const profile = { cicp: { primaries: lib.HEAP32[(nclx + 4) >> 2], transfer: lib.HEAP32[(nclx + 8) >> 2] } };
        lib._heif_nclx_color_profile_free(nclx);
        return profile;
      } finally {
        lib._free(out);
      }
    }
    return null;
  } finally {
    lib._free(error);
  }
}

export async function decodeHeic(bytes: Uint8Array): Promise<Pixels | null> {
  const lib = (await libheif()) as unknown as LibHeif;
  const decoder = new lib.HeifDecoder();
  const images = decoder.decode(bytes);
  try {
    const image = images.find((i) => i.is_primary()) ?? images[0];
    if (!image) return null;
    const width = image.get_width();
    const height = image.get_height();
    const target = { data: new Uint8ClampedArray(width * height * 4), width, height };
    const result = await new Promise<unknown>((resolve) => image.display(target, resolve));
    if (!result) return null;
    const profile = colourProfile(lib, image);
    // The browser's colour management turns the tagged pixels into sRGB.
    return needsConversion(profile) && canUseBrowserDecoder() ? browserDecode(taggedPng(target, profile!), 'image/png') : target;
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) lib.heif_context_free(decoder.decoder);
  }
}
