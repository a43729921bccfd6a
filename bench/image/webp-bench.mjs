// What the WebP re-save benches (webp-resave.mjs, webp-resave-scan.mjs) share: the app's codecs bundled for Node as
// the app builds them, and the sources: bench/image/photos (lossless) made lossy by libwebp at 75 and 90 (as
// cwebp -q makes them), plus the fixtures rocket.webp and coffee-q70/q95.webp.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleForNode, root } from './bundle-for-node.mjs';

export { root };
const entrySource = `
export { loadCodecWasmInNode } from '${root}/src/engines/codecs/node-wasm.testing.ts';
export { decodeImage } from '${root}/src/engines/codecs/decode.ts';
export { webpEncoder } from '${root}/src/engines/codecs/loaders.ts';
export { webpSource } from '${root}/src/engines/codecs/source-quality.ts';
export { cropPixels } from '${root}/src/engines/codecs/rotate.ts';
export { applyOrientation } from '${root}/src/engines/codecs/pixels.ts';
export { restoreWebpChroma } from '${root}/bench/image/webp-chroma-restore.ts';
export { processImage } from '${root}/src/engines/codecs/pipeline.ts';
export { ssimulacra2 } from '${root}/src/engines/codecs/ssimulacra2.ts';
`;

/** The bundled codecs (`m`), libwebp's encoder (`enc`: ImageData and WebPConfig fields) and a WebP decoder. */
export async function loadWebpBench(cacheName) {
  globalThis.ImageData ??= class { constructor(data, width, height) { Object.assign(this, { data, width, height }); } };
  const m = await bundleForNode(entrySource, cacheName);
  m.loadCodecWasmInNode();
  const enc = await m.webpEncoder();
  const decode = (b) => m.decodeImage(b, 'webp', 'image/webp');
  return { m, enc, decode };
}

/** The sources, `photos` (names in bench/image/photos) each at libwebp q75 and q90 (method 4), then the fixtures. */
export async function webpSources({ enc, decode }, photos) {
  const sources = [];
  for (const name of photos) {
    const p = await decode(new Uint8Array(readFileSync(path.join(root, 'bench/image/photos', `${name}.webp`))));
    for (const q of [75, 90]) sources.push({ name: `${name}-q${q}`, bytes: new Uint8Array(await enc(new ImageData(p.data, p.width, p.height), { method: 4, quality: q })) });
  }
  for (const name of ['rocket', 'coffee-q70', 'coffee-q95']) sources.push({ name, bytes: new Uint8Array(readFileSync(path.join(root, 'src/engines/codecs/fixtures', `${name}.webp`))) });
  return sources;
}
