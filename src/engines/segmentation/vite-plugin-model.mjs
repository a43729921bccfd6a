// Build step of the background-removal engine: puts ONE model (IS-Net quantised to 8 bits, "small" in
// @imgly/background-removal-data, 44 MB) and onnxruntime-web's wasm runtime into the build under
// /models/background-removal/<versions>/, with a resources.json listing each file's chunks and sizes (the
// worker reads it to fetch the chunks and to show the download's real size). The data package (354 MB,
// every model) stays in node_modules; nothing of it is committed.
import { copyFileSync, createReadStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const here = path.dirname(new URL(import.meta.url).pathname);

/** The data package's model and the name the library asks for. */
const MODEL = { from: '/models/small', to: '/models/isnet_quint8' };
const ORT_FILES = ['ort-wasm-simd-threaded.wasm', 'ort-wasm-simd-threaded.mjs', 'ort-wasm-simd-threaded.jsep.wasm', 'ort-wasm-simd-threaded.jsep.mjs'];

/** The installed package's folder (some of these packages have no entry point or do not export package.json). */
function packageDir(name) {
  for (const dir of require.resolve.paths(name) ?? []) {
    if (existsSync(path.join(dir, name, 'package.json'))) return path.join(dir, name);
  }
  throw new Error(`${name} is not installed`);
}

function version(name) {
  return JSON.parse(readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')).version;
}

/** The folder the app fetches from (model-dir.json): it names the versions, so a new build never meets stale cached files. */
export function modelDir() {
  const { dir } = JSON.parse(readFileSync(path.join(here, 'model-dir.json'), 'utf8'));
  const expected = `models/background-removal/data-${version('@imgly/background-removal-data')}-ort-${version('onnxruntime-web')}/`;
  if (dir !== expected) throw new Error(`src/engines/segmentation/model-dir.json says ${dir}; the installed packages need ${expected}. Update the file.`);
  return dir;
}

/** Source file for each served file name, and the resources.json the library reads. */
export function modelFiles() {
  const dataDir = path.join(packageDir('@imgly/background-removal-data'), 'dist');
  const ortDir = path.join(packageDir('onnxruntime-web'), 'dist');
  const source = JSON.parse(readFileSync(path.join(dataDir, 'resources.json'), 'utf8'));
  const model = source[MODEL.from];
  if (!model) throw new Error(`${MODEL.from} is missing from @imgly/background-removal-data's resources.json`);
  const files = new Map();
  const resources = {};
  resources[MODEL.to] = {
    size: model.size,
    mime: model.mime,
    chunks: model.chunks.map((c) => {
      // An extension keeps static hosts' SPA fallbacks (paths without one get index.html) away from the chunks.
      files.set(`${c.hash}.bin`, path.join(dataDir, c.hash));
      return { name: `${c.hash}.bin`, offsets: c.offsets };
    }),
  };
  for (const name of ORT_FILES) {
    const file = path.join(ortDir, name);
    const size = statSync(file).size;
    files.set(name, file);
    resources[`/onnxruntime-web/${name}`] = {
      size,
      mime: name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript',
      chunks: [{ name, offsets: [0, size] }],
    };
  }
  return { files, resources };
}

/** Vite plugin: copies the files into the build and serves them in dev. */
export function backgroundRemovalModel() {
  let outDir = 'dist';
  return {
    name: 'localkit-background-removal-model',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      const prefix = `/${modelDir()}`;
      const { files, resources } = modelFiles();
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split('?')[0] ?? '';
        if (!url.startsWith(prefix)) return next();
        const name = url.slice(prefix.length);
        if (name === 'resources.json') {
          res.setHeader('Content-Type', 'application/json');
          return res.end(JSON.stringify(resources));
        }
        const file = files.get(name);
        if (!file) return next();
        res.setHeader('Content-Type', name.endsWith('.wasm') ? 'application/wasm' : name.endsWith('.mjs') ? 'text/javascript' : 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    // Vite also emits onnxruntime's wasm next to the JS that names it (24 MB for the WebGPU build); the library
    // never fetches those copies (it points onnxruntime at the files above), so they are left out of the build.
    generateBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) if (/(^|\/)ort-wasm[\w.-]*\.wasm$/.test(name)) delete bundle[name];
    },
    writeBundle() {
      const target = path.join(outDir, modelDir());
      const { files, resources } = modelFiles();
      mkdirSync(target, { recursive: true });
      for (const [name, file] of files) {
        if (!existsSync(file)) throw new Error(`missing model file ${file}`);
        copyFileSync(file, path.join(target, name));
      }
      writeFileSync(path.join(target, 'resources.json'), JSON.stringify(resources));
    },
  };
}
