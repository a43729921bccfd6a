// Build step: writes engines.json, the list of every engine file the app can fetch at run time, with its real
// size. The app reads it to fetch the everyday image codecs in the background once it is idle (so they work
// offline after the first visit without growing the precache), and the Privacy page's "Offline and storage"
// section reads it to show each big engine's size and whether it is on the device.
import { statSync } from 'node:fs';
import { ffmpegCoreFiles } from '../src/engines/ffmpeg/vite-plugin-ffmpeg.mjs';
import { modelDir, modelFiles } from '../src/engines/segmentation/vite-plugin-model.mjs';

export const ENGINES_MANIFEST = 'engines.json';

/**
 * JavaScript (and the fonts) a tool loads only when a job needs it, kept out of the precache (which every visitor downloads
 * before the app counts as installed) and cached on first use like the wasm engines: 'tools' is stored in the
 * background after the first visit with the image codecs, so these tools work offline too; the model's runtime
 * comes with the model. Globs over the build's file names; a file no glob names stays in the precache.
 */
export const ON_DEMAND = {
  tools: [
    'assets/eps-*.js', // the EPS writer, loaded by the svgo worker (svgo.worker, precached: every SVG tool checks with it)
    'assets/optimize-*.js', // the optimizer's svgo run, loaded by the svgo worker
    'assets/jspdf.es.min-*.js',
    'assets/svgPdfWriter-*.js', // SVG → PDF's writer with its style pass (svgo's parser and CSS inlining inside)
    'assets/svg2pdf.es.min-*.js',
    'assets/mediabunny-*-encoder-*.js', // MP3, AAC and FLAC encoders
    'assets/icon-nodes-*.js', // the favicon generator's icon set (lucide-static)
    'assets/*Phrases*-*.js', // OpenCC dictionaries
    'assets/*Characters-*.js',
    'assets/*Variants*-*.js',
    'assets/libheif-*.js', // the HEIC decoder's glue, bundled into each image worker that can meet a HEIC file
    'assets/*-latin-*-normal-*.woff2', // the favicon generator's four bundled faces (@fontsource), fetched when it draws text
  ],
  removebg: ['assets/ort.*.js'],
  // MuPDF's JavaScript and the PDF engine's operations (the worker that loads them is small and precached).
  pdf: ['assets/mupdf-*.js', 'assets/*-ops-*.js'],
};

const globRegExp = (glob) => glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
const onDemand = (group) => new RegExp(`^(?:${ON_DEMAND[group].map(globRegExp).join('|')})$`);

/** The service worker's runtime-cache rule for these files (a RegExp: workbox writes it into sw.js as it is). */
export const ON_DEMAND_URL = new RegExp(`/(?:${Object.values(ON_DEMAND).flat().map(globRegExp).join('|')})$`);

/** MuPDF's wasm (10 MB, 4.7 MB gzip): the PDF engine's, not one of the image codecs. */
const MUPDF_WASM = /(^|\/)mupdf-wasm-[^/]*\.wasm$/;

/** onnxruntime's CPU build; its WebGPU build (*.jsep.*) is only a faster path the engine falls back from. */
const MODEL_RUNTIME = /^ort-wasm-simd-threaded\.(wasm|mjs)$/;

/**
 * @param {Record<string, { type: string; fileName: string; source?: string | Uint8Array }>} bundle
 * @returns {{ id: string; auto?: boolean; when?: 'isolated' | 'notIsolated'; files: { url: string; size: number }[] }[]}
 */
export function engineList(bundle) {
  const asset = (f) => ({ url: `/${f.fileName}`, size: Buffer.byteLength(f.type === 'chunk' ? f.code : (f.source ?? '')) });
  const matching = (group) => Object.values(bundle).filter((f) => onDemand(group).test(f.fileName)).map(asset).sort((a, b) => a.url.localeCompare(b.url));
  const codecs = Object.values(bundle)
    .filter((f) => f.type === 'asset' && f.fileName.endsWith('.wasm') && !/(^|\/)ort-wasm/.test(f.fileName) && !MUPDF_WASM.test(f.fileName))
    .map((f) => ({ url: `/${f.fileName}`, size: f.source?.length ?? 0 }))
    .sort((a, b) => a.url.localeCompare(b.url));
  const pdfWasm = Object.values(bundle).filter((f) => f.type === 'asset' && MUPDF_WASM.test(f.fileName)).map(asset);
  const cores = ffmpegCoreFiles();
  const core = (flavour) => cores.filter((f) => f.flavour === flavour).map((f) => ({ url: `/ffmpeg/${flavour}/${f.name}`, size: statSync(f.source).size }));
  const dir = `/${modelDir()}`;
  const { files, resources } = modelFiles();
  const model = [{ url: `${dir}resources.json`, size: Buffer.byteLength(JSON.stringify(resources)) }];
  for (const [name, source] of files) if (name.endsWith('.bin') || MODEL_RUNTIME.test(name)) model.push({ url: `${dir}${name}`, size: statSync(source).size });
  return [
    { id: 'codecs', auto: true, files: codecs },
    { id: 'tools', auto: true, files: matching('tools') },
    { id: 'ffmpeg', when: 'isolated', files: core('mt') },
    { id: 'ffmpeg', when: 'notIsolated', files: core('st') },
    { id: 'removebg', files: [...model, ...matching('removebg')] },
    // Stored in the background after the first visit like the codecs, so every PDF tool works offline.
    { id: 'pdf', auto: true, files: [...pdfWasm, ...matching('pdf')].sort((a, b) => a.url.localeCompare(b.url)) },
  ];
}

/** Vite plugin (after the model plugin, which drops onnxruntime's stray wasm copies from the bundle). */
export function enginesManifest() {
  return {
    name: 'localkit-engines-manifest',
    apply: 'build',
    // Last: Vite rewrites chunks' preload calls in its own generateBundle, and the sizes must be the files'.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        this.emitFile({ type: 'asset', fileName: ENGINES_MANIFEST, source: JSON.stringify({ engines: engineList(bundle) }) });
      },
    },
  };
}
