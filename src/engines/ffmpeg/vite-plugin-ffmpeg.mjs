import { copyFileSync, createReadStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Copies ffmpeg.wasm's cores into the build under /ffmpeg/st and /ffmpeg/mt: self-hosted, fetched on
// first use only (the PWA precache ignores **/ffmpeg/** and caches them at run time).
const require = createRequire(import.meta.url);

/** @param {string} pkg */
function coreDir(pkg) {
  // The package's main entry is dist/umd/ffmpeg-core.js; the ES module build sits beside it.
  return path.join(path.dirname(require.resolve(pkg)), '..', 'esm');
}

/** The files of each core as served (/ffmpeg/<flavour>/<name>) with their source paths (the engines manifest lists them). */
export function ffmpegCoreFiles() {
  /** @type {{ flavour: 'st' | 'mt'; name: string; source: string }[]} */
  const files = [];
  for (const [pkg, flavour] of /** @type {const} */ ([['@ffmpeg/core', 'st'], ['@ffmpeg/core-mt', 'mt']])) {
    const from = coreDir(pkg);
    if (!existsSync(from)) throw new Error(`${pkg} is not installed`);
    for (const name of readdirSync(from)) files.push({ flavour, name, source: path.join(from, name) });
  }
  return files;
}

/** @returns {import('vite').Plugin} */
export function ffmpegCore() {
  let outDir = '';
  return {
    name: 'localkit-ffmpeg-core',
    // npm run dev: serve the same files straight from node_modules.
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = /^\/ffmpeg\/(st|mt)\/(ffmpeg-core(?:\.worker)?\.(?:js|wasm))$/.exec(req.url?.split('?')[0] ?? '');
        if (!m) return next();
        const file = path.join(coreDir(m[1] === 'mt' ? '@ffmpeg/core-mt' : '@ffmpeg/core'), m[2]);
        if (!existsSync(file)) return next();
        res.setHeader('Content-Type', file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript');
        createReadStream(file).pipe(res);
      });
    },
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      if (!outDir) return;
      for (const { flavour, name, source } of ffmpegCoreFiles()) {
        const to = path.join(outDir, 'ffmpeg', flavour);
        mkdirSync(to, { recursive: true });
        copyFileSync(source, path.join(to, name));
      }
    },
  };
}
