#!/usr/bin/env node
// 8×8 steps in smooth gradients, by number and as pictures (by hand):
// `node bench/image/chroma-steps.mjs <photo> <quality> <offset,…> [crop WxH+X+Y]` encodes a photo of
// bench/image/photos (or a WebP, JPEG or PNG by its path) with the app's MozJPEG settings at `quality` but chroma
// coded `offset` qualities under luma, and prints its smooth-gradient share (gradient-steps.ts), then for each offset
// the bytes, the chroma quality, `blockSteps` (src/engines/codecs/gradient-steps.ts): the mean jump of the coding error
// across 8×8 block edges over the mean jump inside blocks, on smooth pixels of the original (1: no steps; over the
// crop when given) and the worst 64×64 tile. The
// decodings are written to os.tmpdir()/chroma-steps/<photo>-q<quality>-<offset>.png to look at (ImageMagick
// `convert … -crop WxH+X+Y -scale 300%`).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encode as encodePng } from 'fast-png';
import { bundleForNode, root } from './bundle-for-node.mjs';

const entrySource = `
export { loadCodecWasmInNode } from '${root}/src/engines/codecs/node-wasm.testing.ts';
export { decodeImage } from '${root}/src/engines/codecs/decode.ts';
export { mozjpegOptions } from '${root}/src/engines/codecs/encode.ts';
export { jpegEncoder } from '${root}/src/engines/codecs/loaders.ts';
export { blockSteps, smoothGradientShare } from '${root}/src/engines/codecs/gradient-steps.ts';
`;
const m = await bundleForNode(entrySource, 'localkit-bench-chroma-steps');
m.loadCodecWasmInNode();

const [photo, qArg = '80', offArg = '25,30,35', crop] = process.argv.slice(2);
const file = photo.includes('/') ? photo : path.join(root, 'bench/image/photos', photo);
const ext = path.extname(file).slice(1).replace('jpg', 'jpeg');
const original = await m.decodeImage(new Uint8Array(readFileSync(file)), ext, `image/${ext}`);
const q = Number(qArg);
const region = crop?.match(/^(\d+)x(\d+)\+(\d+)\+(\d+)$/)?.slice(1).map(Number);
const out = path.join(tmpdir(), 'chroma-steps');
mkdirSync(out, { recursive: true });
const name = path.basename(file).replace(/\.\w+$/, '');
console.log(`${name} ${original.width}×${original.height}, smooth-gradient share ${m.smoothGradientShare(original).toFixed(3)}`);
const encode = await m.jpegEncoder();
for (const offset of offArg.split(',').map(Number)) {
  const options = { ...m.mozjpegOptions(q) };
  options.chroma_quality = Math.max(1, options.quality - offset);
  const bytes = new Uint8Array(await encode({ data: original.data, width: original.width, height: original.height }, options));
  const decoded = await m.decodeImage(bytes, 'jpeg', 'image/jpeg');
  const steps = m.blockSteps(original, decoded, region && { width: region[0], height: region[1], x: region[2], y: region[3] });
  const png = path.join(out, `${name}-q${q}-${offset}.png`);
  writeFileSync(png, encodePng({ width: decoded.width, height: decoded.height, data: decoded.data, channels: 4 }));
  // The 64×64 tile (on a 32-pixel grid) with the largest edge − inside jump among tiles with 200 edge pairs or more.
  let worst = { excess: -Infinity, at: '' };
  for (let y = 0; y + 64 <= original.height; y += 32)
    for (let x = 0; x + 64 <= original.width; x += 32) {
      const t = m.blockSteps(original, decoded, { x, y, width: 64, height: 64 });
      if (t.pairs >= 200 && t.edge - t.inside > worst.excess) worst = { excess: t.edge - t.inside, at: `64x64+${x}+${y} ${t.ratio.toFixed(2)} (${t.edge.toFixed(2)} / ${t.inside.toFixed(2)})` };
    }
  console.log(`  ${offset} under: luma ${options.quality} chroma ${options.chroma_quality}, ${bytes.length} B, steps ${steps.ratio.toFixed(2)} (edge ${steps.edge.toFixed(2)} / inside ${steps.inside.toFixed(2)} levels, ${steps.pairs} edge pairs), worst tile ${worst.at}  ${png}`);
}
