// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient module types for onnxruntime-web, needed wherever this file is compiled (the e2e project too)
/// <reference path="./ort-types.d.ts" />
// The background-removal engine: one worker of its own; the model (IS-Net, quantised to 8 bits, 44.3 MB) is
// loaded once per worker, on first use, from our origin or the cache, and run by onnxruntime-web.
// Cancelling terminates the worker; the next use loads the model again (from the cache).
import { expose } from 'comlink';
import type { InferenceSession } from 'onnxruntime-web/wasm';
import type { Envelope, ProgressPort } from '../../runtime/envelope';
import { engineLoadError, ToolError } from '../../lib/errors';
import { cachedFetch } from './cachedFetch';
import modelDir from './model-dir.json';
import { applyMask, compose, decodeImage, MODEL_SIZE, toInputTensor } from './pixels';

const BASE = new URL(`/${modelDir.dir}`, self.location.origin).href;
const MODEL_KEY = '/models/isnet_quint8';
/** The engine's name in "could not load" messages. */
const MODEL_NAME = 'IS-Net (background removal model)';

type Device = 'gpu' | 'cpu';

interface Cutout {
  blob: Blob;
  width: number;
  height: number;
  device: Device;
}

interface Resource {
  size: number;
  chunks: { name: string; offsets: [number, number] }[];
}

type Ort = typeof import('onnxruntime-web/wasm');

interface Engine {
  ort: Ort;
  session: InferenceSession;
  device: Device;
}

// Bytes read of each file, summed for the progress of the load in flight.
const bytesByUrl = new Map<string, number>();
let reportBytes: (() => void) | undefined;
const get = cachedFetch(fetch.bind(self), BASE, (url, bytes) => {
  bytesByUrl.set(url, bytes);
  reportBytes?.();
});

async function hasGpu(): Promise<boolean> {
  const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
  return !!gpu && (await gpu.requestAdapter().catch(() => null)) !== null;
}

async function loadResource(resources: Record<string, Resource>, key: string): Promise<Uint8Array<ArrayBuffer>> {
  const entry = resources[key];
  if (!entry) throw new Error(`${key} missing from resources.json`);
  const out = new Uint8Array(entry.size);
  await Promise.all(
    entry.chunks.map(async ({ name, offsets: [from, to] }) => {
      const response = await get(new URL(name, BASE).href);
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.length !== to - from) throw new Error(`${name}: ${bytes.length} bytes, expected ${to - from}`);
      out.set(bytes, from);
    }),
  );
  return out;
}

const blobUrl = (bytes: Uint8Array<ArrayBuffer>, type: string) => URL.createObjectURL(new Blob([bytes], { type }));

async function createEngine(device: Device, onProgress: ProgressPort): Promise<Engine> {
  const response = await get(new URL('resources.json', BASE).href);
  if (!response.ok) throw new Error(`resources.json: HTTP ${response.status}`);
  const resources = (await response.json()) as Record<string, Resource>;
  // The WebGPU build of onnxruntime (jsep, 24 MB) is fetched only where WebGPU is there.
  const runtime = device === 'gpu' ? '/onnxruntime-web/ort-wasm-simd-threaded.jsep' : '/onnxruntime-web/ort-wasm-simd-threaded';
  const keys = [MODEL_KEY, `${runtime}.wasm`, `${runtime}.mjs`];
  const total = keys.reduce((sum, key) => sum + (resources[key]?.size ?? 0), 0);
  bytesByUrl.clear();
  reportBytes = () => {
    const done = [...bytesByUrl.values()].reduce((a, b) => a + b, 0);
    onProgress({ kind: 'fraction', done: Math.min(done, total), total, unit: 'bytes', stage: 'image-removebg:stages.download' });
  };
  try {
    const [model, wasm, glue] = await Promise.all(keys.map((key) => loadResource(resources, key)));
    onProgress({ kind: 'indeterminate', stage: 'image-removebg:stages.start' });
    const ort: Ort = device === 'gpu' ? await import('onnxruntime-web/webgpu') : await import('onnxruntime-web/wasm');
    // Threads need cross-origin isolation and a SharedArrayBuffer global: WebKit is isolated but has none, and
    // onnxruntime then runs one thread anyway (after a warning), so ask for one there.
    const threads = self.crossOriginIsolated && typeof SharedArrayBuffer !== 'undefined';
    ort.env.wasm.numThreads = threads ? Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1)) : 1;
    // From blob: URLs, so the runtime comes from the bytes fetched (and cached) above, never from elsewhere.
    ort.env.wasm.wasmPaths = { mjs: blobUrl(glue, 'text/javascript'), wasm: blobUrl(wasm, 'application/wasm') };
    const session = await ort.InferenceSession.create(model, { executionProviders: [device === 'gpu' ? 'webgpu' : 'wasm'], graphOptimizationLevel: 'all' });
    return { ort, session, device };
  } finally {
    reportBytes = undefined;
  }
}

let engine: Promise<Engine> | undefined;

async function getEngine(onProgress: ProgressPort): Promise<Engine> {
  engine ??= (async () => {
    if (await hasGpu()) {
      try {
        return await createEngine('gpu', onProgress);
      } catch (error) {
        console.warn('WebGPU failed, falling back to WebAssembly', error);
      }
    }
    return createEngine('cpu', onProgress);
  })();
  // A failed load is not kept: the next image tries again.
  engine.catch(() => (engine = undefined));
  return engine;
}

async function segment(image: OffscreenCanvas, { ort, session }: Engine): Promise<Float32Array> {
  const input = new ort.Tensor('float32', toInputTensor(image), [1, 3, MODEL_SIZE, MODEL_SIZE]);
  const outputs = await session.run({ [session.inputNames[0]]: input });
  const mask = outputs[session.outputNames[0]];
  const data = (await mask.getData()) as Float32Array;
  input.dispose();
  mask.dispose();
  if (data.length !== MODEL_SIZE * MODEL_SIZE) throw new Error(`unexpected mask size ${data.length}`);
  return data;
}

const api = {
  async removeBackground(file: Blob, fill: string | null, onProgress: ProgressPort): Promise<Envelope<Cutout>> {
    let image: OffscreenCanvas;
    try {
      onProgress({ kind: 'indeterminate', stage: 'image-removebg:stages.decode' });
      image = await decodeImage(file);
    } catch (error) {
      return { ok: false, error: error instanceof ToolError ? { key: error.key, params: error.params } : { key: 'image-removebg:errors.process' } };
    }
    let loaded: Engine;
    try {
      loaded = await getEngine(onProgress);
    } catch (error) {
      console.warn('model load failed', error);
      // Offline, the message says so and names the engine (the online one asks to check the connection).
      const missing = await engineLoadError(MODEL_NAME);
      if (missing.key === 'common:engines.offline') return { ok: false, error: { key: missing.key, params: missing.params } };
      return { ok: false, error: { key: 'image-removebg:errors.modelLoad' } };
    }
    try {
      onProgress({ kind: 'indeterminate', stage: 'image-removebg:stages.remove' });
      const mask = await segment(image, loaded);
      onProgress({ kind: 'indeterminate', stage: 'image-removebg:stages.encode' });
      const blob = await compose(applyMask(image, mask), fill);
      return { ok: true, value: { blob, width: image.width, height: image.height, device: loaded.device } };
    } catch (error) {
      console.warn('background removal failed', error);
      return { ok: false, error: { key: 'image-removebg:errors.process' } };
    }
  },
};

export type SegmentationApi = typeof api;

expose(api);
