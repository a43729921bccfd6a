// Runs inside headless Chromium (served by Vite's dev server from run.mjs). Exposes functions on window.
import * as Comlink from 'comlink';
import { type JpegRule, encodeImage, mozjpegOptions, mozjpegWithRule } from '../../src/engines/codecs/encode';
import { jpegEncoder, webpEncoder } from '../../src/engines/codecs/loaders';
import type { Pixels } from '../../src/engines/codecs/pixels';
import type { CodecWorkerApi } from '../../src/engines/codecs/worker';
import { butteraugliEstimate, butteraugliPredict } from '../../src/engines/codecs/butteraugli-proxy';
import { processImage } from '../../src/engines/codecs/pipeline';
import { ssimulacra2, ssimulacra2Reference } from '../../src/engines/codecs/ssimulacra2';
import { WorkerPool } from '../../src/runtime/WorkerPool';

async function decode(blob: Blob): Promise<Pixels> {
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  const d = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  return { data: d.data, width: d.width, height: d.height };
}

function canvasOf(p: Pixels): OffscreenCanvas {
  const c = new OffscreenCanvas(p.width, p.height);
  c.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(p.data), p.width, p.height), 0, 0);
  return c;
}

type Encoder = (p: Pixels, q: number) => Promise<Uint8Array>;

const TRELLIS_ALL = { trellis_multipass: true, trellis_opt_zero: true, trellis_opt_table: true };
/** Squoosh's MozJPEG settings: table 3, chroma at the luma quality. */
const SQUOOSH = { quant_table: 3, separate_chroma_quality: false };
const mozjpegWith = async (p: Pixels, q: number, extra: Record<string, unknown>) =>
  new Uint8Array(await (await jpegEncoder())({ data: p.data, width: p.width, height: p.height } as ImageData, { ...mozjpegOptions(q), ...extra }));
const ENCODERS: Record<string, Encoder> = {
  canvasJpeg: async (p, q) => new Uint8Array(await (await canvasOf(p).convertToBlob({ type: 'image/jpeg', quality: q / 100 })).arrayBuffer()),
  canvasWebp: async (p, q) => new Uint8Array(await (await canvasOf(p).convertToBlob({ type: 'image/webp', quality: q / 100 })).arrayBuffer()),
  mozjpeg: (p, q) => encodeImage(p, 'jpeg', { quality: q }),
  mozjpegTrellisAll: (p, q) => mozjpegWith(p, q, TRELLIS_ALL),
  mozjpegSquoosh: (p, q) => mozjpegWith(p, q, SQUOOSH),
  webp: (p, q) => encodeImage(p, 'webp', { quality: q }),
  avif: (p, q) => encodeImage(p, 'avif', { quality: q, avifSpeed: 6 }),
};

const MIME: Record<string, string> = { canvasJpeg: 'image/jpeg', canvasWebp: 'image/webp', mozjpeg: 'image/jpeg', mozjpegTrellisAll: 'image/jpeg', mozjpegSquoosh: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' };

/** Every quality of the scan with its size and SSIMULACRA 2 score (browser-decoded), the same way for every encoder. */
async function scanWith(photoUrl: string, encode: Encoder, mime: string, qualities: number[]) {
  const original = await decode(await (await fetch(photoUrl)).blob());
  const score = ssimulacra2Reference(original);
  const out: { q: number; bytes: number; score: number }[] = [];
  for (const q of qualities) {
    const bytes = await encode(original, q);
    const back = await decode(new Blob([bytes as BlobPart], { type: mime }));
    out.push({ q, bytes: bytes.length, score: score(back) });
  }
  return out;
}

/** For one photo and encoder of ENCODERS. */
const scan = (photoUrl: string, encoder: string, qualities: number[]) => scanWith(photoUrl, ENCODERS[encoder], MIME[encoder], qualities);

/** Options over the app's MozJPEG settings; `chroma_offset: n` sets chroma quality to quality + n (1–100). */
function withChromaOffset(o: Record<string, unknown>) {
  if (typeof o.chroma_offset !== 'number') return o;
  const { chroma_offset, ...rest } = o;
  return { ...rest, separate_chroma_quality: true, chroma_quality: Math.max(1, Math.min(100, (o.quality as number) + chroma_offset)) };
}

/** MozJPEG with other settings, for tuning (bench/image/tune.mjs): the same scan as above. */
const scanMozjpeg = (photoUrl: string, options: Record<string, unknown>, qualities: number[]) =>
  scanWith(photoUrl, (p, q) => mozjpegWith(p, q, withChromaOffset({ ...options, quality: q })), 'image/jpeg', qualities);

/** The app's target-quality mode on one photo: its bytes, and the score measured here as for every encoder. */
async function targetQuality(photoUrl: string, output: 'jpeg' | 'webp' | 'avif', target: number, targetDistance?: number, distanceMargin?: number) {
  const input = new Uint8Array(await (await fetch(photoUrl)).arrayBuffer());
  const original = await decode(new Blob([input as BlobPart]));
  const out = await processImage(input, { output, quality: 75, targetScore: target, avifSpeed: 6, ...(targetDistance ? { targetDistance, distanceMargin } : {}) });
  if (!out.ok) throw new Error(`target quality failed: ${out.key} ${out.detail ?? ''}`);
  const back = await decode(new Blob([out.bytes as BlobPart], { type: `image/${output}` }));
  const score = ssimulacra2(original, back);
  // The estimate for a result searched without the bound too (what a bound would have seen before stepping up),
  // and the prediction from it and the score (butteraugliPredict, for comparison).
  const estimate = out.distance ?? butteraugliEstimate(original, back);
  return { bytes: out.bytes.length, quality: out.quality, score, estimate, predicted: butteraugliPredict(estimate, score), png: await pngBase64(back) };
}

/** Target quality on 12 MP (a photo upscaled, stored as a q92 MozJPEG), with a butteraugli bound if given: wall time, and the score at full size. */
async function targetSpeed(photoUrl: string, target: number, targetDistance?: number) {
  const small = await decode(await (await fetch(photoUrl)).blob());
  const c = new OffscreenCanvas(4000, 3000);
  c.getContext('2d')!.drawImage(canvasOf(small), 0, 0, 4000, 3000);
  const big: Pixels = { data: c.getContext('2d')!.getImageData(0, 0, 4000, 3000).data, width: 4000, height: 3000 };
  const input = await encodeImage(big, 'jpeg', { quality: 92 });
  const t = performance.now();
  const out = await processImage(input, { output: 'jpeg', quality: 75, targetScore: target, ...(targetDistance ? { targetDistance } : {}) });
  const seconds = (performance.now() - t) / 1000;
  if (!out.ok) throw new Error(`target quality failed: ${out.key} ${out.detail ?? ''}`);
  const back = await decode(new Blob([out.bytes as BlobPart], { type: 'image/jpeg' }));
  const decodedInput = await decode(new Blob([input as BlobPart], { type: 'image/jpeg' }));
  return { seconds, inputBytes: input.length, bytes: out.bytes.length, quality: out.quality, score: ssimulacra2(decodedInput, back), distance: out.distance, reached: out.targetReached };
}

/** jSquash WebP with other settings, for tuning (bench/image/tune.mjs webp): the same scan as above. */
const scanWebp = (photoUrl: string, options: Record<string, unknown>, qualities: number[]) =>
  scanWith(photoUrl, async (p, q) => new Uint8Array(await (await webpEncoder())({ data: p.data, width: p.width, height: p.height } as ImageData, { method: 4, ...options, quality: q })), 'image/webp', qualities);

/** 12 MP of real photo pixels (upscaled), timed once per encoder after a warm-up; the PNG goes to native cwebp. */
async function speed(photoUrl: string) {
  const small = await decode(await (await fetch(photoUrl)).blob());
  const c = new OffscreenCanvas(4000, 3000);
  const ctx = c.getContext('2d')!;
  ctx.drawImage(canvasOf(small), 0, 0, 4000, 3000);
  const big: Pixels = { data: ctx.getImageData(0, 0, 4000, 3000).data, width: 4000, height: 3000 };
  await encodeImage(small, 'jpeg', { quality: 75 });
  await encodeImage(small, 'webp', { quality: 75 });
  const time = async (f: () => Promise<unknown>) => {
    const t = performance.now();
    await f();
    return (performance.now() - t) / 1000;
  };
  const mozjpeg = await time(() => encodeImage(big, 'jpeg', { quality: 75 }));
  const webp = await time(() => encodeImage(big, 'webp', { quality: 75 }));
  const png = new Uint8Array(await (await c.convertToBlob({ type: 'image/png' })).arrayBuffer());
  let bin = '';
  for (let i = 0; i < png.length; i += 0x8000) bin += String.fromCharCode(...png.subarray(i, i + 0x8000));
  return { mozjpeg, webp, pngBase64: btoa(bin) };
}

/** A 20-file batch (WebP q75) through the real codec workers: one worker, then a pool of `size`. */
async function batch(photoUrls: string[], size: number) {
  const inputs = await Promise.all(photoUrls.map(async (u) => new Uint8Array(await (await fetch(u)).arrayBuffer())));
  const files = Array.from({ length: 20 }, (_, i) => inputs[i % inputs.length]);
  const run = async (workers: number) => {
    const pool = new WorkerPool<CodecWorkerApi>(() => new Worker(new URL('../../src/engines/codecs/worker.ts', import.meta.url), { type: 'module' }), workers);
    // Warm every worker (wasm compiled and instantiated) before the clock starts.
    await Promise.all(Array.from({ length: workers }, () => pool.run((api) => api.process(inputs[0].slice(), { output: 'webp', quality: 75 }, 'errors.unknown', Comlink.proxy(() => {})))));
    const t = performance.now();
    await Promise.all(files.map((f) => pool.run((api) => api.process(f.slice(), { output: 'webp', quality: 75, resize: { mode: 'percent', percent: 300 } }, 'errors.unknown', Comlink.proxy(() => {})))));
    const seconds = (performance.now() - t) / 1000;
    pool.terminate();
    return seconds;
  };
  const one = await run(1);
  const many = await run(size);
  return { one, many, cores: navigator.hardwareConcurrency };
}

async function pngBase64(p: Pixels): Promise<string> {
  const png = new Uint8Array(await (await canvasOf(p).convertToBlob({ type: 'image/png' })).arrayBuffer());
  let bin = '';
  for (let i = 0; i < png.length; i += 0x8000) bin += String.fromCharCode(...png.subarray(i, i + 0x8000));
  return btoa(bin);
}

/**
 * What a two-metric scan point encodes with (bench/image/metrics.mjs): an encoder of ENCODERS, MozJPEG with a
 * chroma rule (`rule`, over the app's table or `table`, and 4:4:4, with other MozJPEG options `extra` laid over the
 * app's: trellis_loops, trellis_multipass, trellis_opt_zero, trellis_opt_table, smoothing, ...), or jSquash WebP with options over libwebp's defaults.
 */
type Spec = { encoder: string } | { rule: JpegRule; fullChroma?: boolean; table?: number; extra?: Record<string, unknown> } | { webp: Record<string, unknown>; from?: [number, Record<string, unknown>] };

/** libwebp options at quality q: `from: [q0, over]` lays `over` over `webp` from quality q0 up (e.g. sharp YUV only below q0). */
const webpAt = (spec: { webp: Record<string, unknown>; from?: [number, Record<string, unknown>] }, q: number) =>
  ({ method: 4, ...spec.webp, ...(spec.from && q >= spec.from[0] ? spec.from[1] : {}), quality: q });

/** The encoder options a spec comes to at quality q: the cache key of a point (equal options, equal file). */
function resolve(spec: Spec, q: number): unknown {
  if ('rule' in spec) return { mozjpeg: { ...mozjpegWithRule(q, spec.rule, spec.fullChroma ?? true, spec.table), ...spec.extra } };
  if ('webp' in spec) return { webp: webpAt(spec, q) };
  return { encoder: spec.encoder, q };
}

function encoderOf(spec: Spec): [Encoder, string] {
  if ('rule' in spec) return [(p, q) => mozjpegWith(p, q, { ...mozjpegWithRule(q, spec.rule, spec.fullChroma ?? true, spec.table), ...spec.extra }), 'image/jpeg'];
  if ('webp' in spec) return [async (p, q) => new Uint8Array(await (await webpEncoder())({ data: p.data, width: p.width, height: p.height } as ImageData, webpAt(spec, q))), 'image/webp'];
  return [ENCODERS[spec.encoder], MIME[spec.encoder]];
}

const references = new Map<string, Promise<{ original: Pixels; score: (p: Pixels) => number }>>();
function reference(photoUrl: string) {
  if (!references.has(photoUrl))
    references.set(photoUrl, (async () => {
      const original = await decode(await (await fetch(photoUrl)).blob());
      return { original, score: ssimulacra2Reference(original) };
    })());
  return references.get(photoUrl)!;
}

/** The photo as the browser decodes it, as a PNG (butteraugli's reference). */
const originalPng = async (photoUrl: string) => pngBase64((await reference(photoUrl)).original);

/** One scan point: bytes, SSIMULACRA 2, and the browser-decoded result as a PNG for butteraugli (run in Node). */
async function point(photoUrl: string, spec: Spec, q: number) {
  const { original, score } = await reference(photoUrl);
  const [encode, mime] = encoderOf(spec);
  const bytes = await encode(original, q);
  const back = await decode(new Blob([bytes as BlobPart], { type: mime }));
  return { bytes: bytes.length, score: score(back), png: await pngBase64(back) };
}

Object.assign(window, { bench: { scan, scanMozjpeg, scanWebp, targetQuality, targetSpeed, speed, batch, resolve, originalPng, point } });
document.getElementById('status')!.textContent = 'ready';
