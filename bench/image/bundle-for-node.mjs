// The app's TypeScript for a bench in Node: the given exports bundled with rolldown (Vite's bundler, with the
// AssemblyScript kernels plugin the app builds with) into node_modules/.cache/<cacheName>, then imported.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';
import { assemblyScriptKernels } from '../../src/engines/codecs/vite-plugin-kernels.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = '\0bench-entry';

/** `entrySource`: the module to bundle (export lines naming files under `root`). */
export async function bundleForNode(entrySource, cacheName) {
  const outDir = path.join(root, 'node_modules/.cache', cacheName);
  const bundle = await rolldown({
    input: ENTRY,
    platform: 'node',
    logLevel: 'silent',
    // Vite's ?url imports (the browser's wasm addresses) are never reached in Node: left as imports.
    external: (id) => id.startsWith('node:') || (id.includes('?') && !id.endsWith('.as?wasm')),
    plugins: [assemblyScriptKernels(), { name: 'entry', resolveId: (id) => (id === ENTRY ? id : null), load: (id) => (id === ENTRY ? entrySource : null) }],
  });
  await bundle.write({ dir: outDir, format: 'esm', entryFileNames: 'entry.mjs' });
  await bundle.close();
  return import(pathToFileURL(path.join(outDir, 'entry.mjs')).href);
}
