// For tests that run the codec engine in Node, where the codecs cannot fetch their wasm by URL: every
// module compiled from node_modules and handed to the loaders.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { nodeWasm } from './loaders';

const require = createRequire(import.meta.url);
const compile = (module: string) => new WebAssembly.Module(readFileSync(require.resolve(module)));

export function loadCodecWasmInNode(): void {
  Object.assign(nodeWasm, {
    jpegDec: compile('@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm'),
    jpegEnc: compile('@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm'),
    webpDec: compile('@jsquash/webp/codec/dec/webp_dec.wasm'),
    webpEnc: compile('@jsquash/webp/codec/enc/webp_enc_simd.wasm'),
    avifDec: compile('@jsquash/avif/codec/dec/avif_dec.wasm'),
    avifEnc: compile('@jsquash/avif/codec/enc/avif_enc.wasm'),
    jxlDec: compile('@jsquash/jxl/codec/dec/jxl_dec.wasm'),
    jxlEnc: compile('@jsquash/jxl/codec/enc/jxl_enc.wasm'),
    pngDec: compile('@jsquash/png/codec/pkg/squoosh_png_bg.wasm'),
    oxipng: compile('@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm'),
    resize: compile('@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm'),
    heif: compile('libheif-js/libheif-wasm/libheif.wasm'),
  });
}
