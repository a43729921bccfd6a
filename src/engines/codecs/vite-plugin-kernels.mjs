import { readFileSync } from 'node:fs';
import path from 'node:path';
import asc from 'assemblyscript/asc';

// `import bytes from './x.as?wasm'`: the AssemblyScript file compiled to WebAssembly (SIMD, -O3) when the app is
// built, served by Vite or run by Vitest, given to the importer as a Uint8Array inlined in its chunk. The wasm
// is never committed: assemblyscript comes from the npm registry with the other dev dependencies.
const SUFFIX = '?wasm';

/** @param {string} file */
export async function compileKernels(file) {
  const { error, binary, stderr } = await asc.compileString(readFileSync(file, 'utf8'), {
    optimizeLevel: 3,
    shrinkLevel: 0,
    runtime: 'stub',
    noAssert: true,
    importMemory: true,
    enable: ['simd'],
  });
  if (error || !binary) throw new Error(`AssemblyScript could not compile ${file}: ${error?.message ?? ''}\n${stderr.toString()}`);
  return binary;
}

/** @returns {import('vite').Plugin} */
export function assemblyScriptKernels() {
  return {
    name: 'localkit-assemblyscript-kernels',
    enforce: 'pre',
    resolveId(id, importer) {
      if (!id.endsWith(`.as${SUFFIX}`) || !importer) return null;
      return `\0${path.resolve(path.dirname(importer.replace(/^\0/, '')), id.slice(0, -SUFFIX.length))}${SUFFIX}`;
    },
    async load(id) {
      if (!id.startsWith('\0') || !id.endsWith(SUFFIX)) return null;
      const file = id.slice(1, -SUFFIX.length);
      this.addWatchFile?.(file);
      const base64 = Buffer.from(await compileKernels(file)).toString('base64');
      return `export default Uint8Array.from(atob(${JSON.stringify(base64)}), (c) => c.charCodeAt(0));`;
    },
  };
}
