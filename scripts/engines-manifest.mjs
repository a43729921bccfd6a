// Build step: writes engines.json, the list of every engine file the app can fetch at run time, with its real
// size. The app reads it to fetch the everyday image codecs in the background once it is idle (so they work
// offline after the first visit without growing the precache), and the Privacy page's "Offline and storage"
// section reads it to show each big engine's size and whether it is on the device.
import { statSync } from 'node:fs';
import { ffmpegCoreFiles } from '../src/engines/ffmpeg/vite-plugin-ffmpeg.mjs';
import { modelDir, modelFiles } from '../src/engines/segmentation/vite-plugin-model.mjs';

export const ENGINES_MANIFEST = 'engines.json';

/** onnxruntime's CPU build; its WebGPU build (*.jsep.*) is only a faster path the engine falls back from. */
const MODEL_RUNTIME = /^ort-wasm-simd-threaded\.(wasm|mjs)$/;

/**
 * @param {Record<string, { type: string; fileName: string; source?: string | Uint8Array }>} bundle
 * @returns {{ id: string; auto?: boolean; when?: 'isolated' | 'notIsolated'; files: { url: string; size: number }[] }[]}
 */
export function engineList(bundle) {
  const codecs = Object.values(bundle)
    .filter((f) => f.type === 'asset' && f.fileName.endsWith('.wasm') && !/(^|\/)ort-wasm/.test(f.fileName))
    .map((f) => ({ url: `/${f.fileName}`, size: f.source?.length ?? 0 }))
    .sort((a, b) => a.url.localeCompare(b.url));
  const cores = ffmpegCoreFiles();
  const core = (flavour) => cores.filter((f) => f.flavour === flavour).map((f) => ({ url: `/ffmpeg/${flavour}/${f.name}`, size: statSync(f.source).size }));
  const dir = `/${modelDir()}`;
  const { files, resources } = modelFiles();
  const model = [{ url: `${dir}resources.json`, size: Buffer.byteLength(JSON.stringify(resources)) }];
  for (const [name, source] of files) if (name.endsWith('.bin') || MODEL_RUNTIME.test(name)) model.push({ url: `${dir}${name}`, size: statSync(source).size });
  return [
    { id: 'codecs', auto: true, files: codecs },
    { id: 'ffmpeg', when: 'isolated', files: core('mt') },
    { id: 'ffmpeg', when: 'notIsolated', files: core('st') },
    { id: 'removebg', files: model },
  ];
}

/** Vite plugin (after the model plugin, which drops onnxruntime's stray wasm copies from the bundle). */
export function enginesManifest() {
  return {
    name: 'localkit-engines-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: ENGINES_MANIFEST, source: JSON.stringify({ engines: engineList(bundle) }) });
    },
  };
}
