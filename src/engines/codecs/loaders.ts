// The e2e/node TS project reaches this file through the registry without including src/**/*.d.ts.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./untyped-gifenc.d.ts" />
import { EngineLoadError } from './load-error';

// Each codec's wasm is fetched the first time it is needed, once per worker, and kept.
// Everything is single-threaded on purpose: the pool already runs one worker per core.

/** Precompiled wasm modules, only for Node (tests, bench) where fetching the wasm by URL is not possible. */
export const nodeWasm: Partial<Record<'jpegDec' | 'jpegEnc' | 'webpDec' | 'webpEnc' | 'avifDec' | 'avifEnc' | 'jxlDec' | 'jxlEnc' | 'pngDec' | 'oxipng' | 'resize' | 'heif', WebAssembly.Module>> = {};

/** Loads once and keeps it; a failed load is forgotten (the next call tries again) and named after its engine. */
function once<T>(engine: string, load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw new EngineLoadError(engine, error);
    }));
}

/** A fetch of the codec's wasm failed (Emscripten aborts with the fetch's own error as the reason). */
const isLoadFailure = (error: unknown) => error instanceof Error && /fetch|networkerror|wasm.*fail/i.test(error.message);

/** jSquash's own encode/decode functions fetch their wasm on the first call: a failed fetch there is a load failure too. */
function named<F extends (...args: never[]) => Promise<unknown>>(engine: string, fn: F): F {
  return (async (...args: Parameters<F>) => {
    try {
      return await fn(...args);
    } catch (error) {
      throw isLoadFailure(error) ? new EngineLoadError(engine, error) : error;
    }
  }) as F;
}

export const jpegDecoder = once('MozJPEG', async () => {
  const m = await import('@jsquash/jpeg/decode');
  if (nodeWasm.jpegDec) await m.init(nodeWasm.jpegDec);
  return named('MozJPEG', m.default);
});

export const jpegEncoder = once('MozJPEG', async () => {
  const m = await import('@jsquash/jpeg/encode');
  if (nodeWasm.jpegEnc) await m.init(nodeWasm.jpegEnc);
  return named('MozJPEG', m.default);
});

export const webpDecoder = once('WebP', async () => {
  const m = await import('@jsquash/webp/decode');
  if (nodeWasm.webpDec) await m.init(nodeWasm.webpDec);
  return named('WebP', m.default);
});

export const webpEncoder = once('WebP', async () => {
  const m = await import('@jsquash/webp/encode');
  if (nodeWasm.webpEnc) await m.init(nodeWasm.webpEnc);
  return named('WebP', m.default);
});

export const avifDecoder = once('AVIF', async () => {
  const m = await import('@jsquash/avif/decode');
  if (nodeWasm.avifDec) await m.init(nodeWasm.avifDec);
  return named('AVIF', m.default);
});

/** The single-threaded AVIF encoder, loaded directly: @jsquash/avif would pick its threaded build inside each pool worker. */
export const avifEncoder = once('AVIF', async () => {
  const [{ default: factory }, { initEmscriptenModule }] = await Promise.all([import('@jsquash/avif/codec/enc/avif_enc.js'), import('@jsquash/avif/utils.js')]);
  return initEmscriptenModule(factory, nodeWasm.avifEnc);
});

/** The single-threaded JPEG XL encoder, loaded directly for the same reason as AVIF's (1.4 MB wasm, first JXL output only). */
export const jxlEncoder = once('JPEG XL', async () => {
  const [{ default: factory }, { initEmscriptenModule }] = await Promise.all([import('@jsquash/jxl/codec/enc/jxl_enc.js'), import('@jsquash/jxl/utils.js')]);
  return initEmscriptenModule(factory, nodeWasm.jxlEnc);
});

/** JPEG XL is not an input format; its decoder only reads our own output back to measure it (target-quality mode). */
export const jxlDecoder = once('JPEG XL', async () => {
  const m = await import('@jsquash/jxl/decode');
  if (nodeWasm.jxlDec) await m.init(nodeWasm.jxlDec);
  return named('JPEG XL', m.default);
});

export const pngDecoder = once('PNG', async () => {
  const m = await import('@jsquash/png/decode');
  await m.init(nodeWasm.pngDec);
  return m.default;
});

/** OxiPNG's single-threaded build (PNG encode + optimise in one call). */
export const oxipng = once('OxiPNG', async () => {
  const m = await import('@jsquash/oxipng/codec/pkg/squoosh_oxipng.js');
  await m.default(nodeWasm.oxipng);
  return m;
});

export const resizer = once('Lanczos resize', async () => {
  const m = await import('@jsquash/resize/lib/resize/pkg/squoosh_resize.js');
  await m.default(nodeWasm.resize);
  return m;
});

export const gif = once('gifenc', () => import('gifenc'));

/** libheif's Emscripten module with its wasm as a separate file (1.4 MB) from our origin, not the 2 MB base64 bundle. */
export const libheif = once('libheif (HEIC)', async () => {
  const { default: factory } = await import('libheif-js/libheif-wasm/libheif.js');
  const compiled = nodeWasm.heif;
  if (compiled) {
    return factory({
      instantiateWasm(imports: WebAssembly.Imports, ready: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
        const instance = new WebAssembly.Instance(compiled, imports);
        ready(instance, compiled);
        return instance.exports;
      },
    });
  }
  const { default: wasmUrl } = await import('libheif-js/libheif-wasm/libheif.wasm?url');
  return factory({ locateFile: () => wasmUrl });
});
