/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileEntryPoints } from './scripts/app-file-types.mjs';
import { enginesManifest, ON_DEMAND, ON_DEMAND_URL } from './scripts/engines-manifest.mjs';
import { CSP } from './scripts/security-headers.mjs';
import { sitemapXml, toolPathsFromRegistry } from './scripts/sitemap.mjs';
import { thirdPartyNotices } from './scripts/third-party-notices.mjs';
import { assemblyScriptKernels } from './src/engines/codecs/vite-plugin-kernels.mjs';
import { hangulFont } from './src/engines/codecs/vite-plugin-fonts.mjs';
import { ffmpegCore } from './src/engines/ffmpeg/vite-plugin-ffmpeg.mjs';
import { backgroundRemovalModel } from './src/engines/segmentation/vite-plugin-model.mjs';

// The CSP goes into the built index.html only: in dev, Vite's HMR client needs inline scripts and websockets.
function cspMetaTag(): Plugin {
  return {
    name: 'localkit-csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' }],
    },
  };
}

// sitemap.xml and robots.txt from the registry; SITE_URL sets the public address (default: npm start's).
function sitemap(): Plugin {
  return {
    name: 'localkit-sitemap',
    apply: 'build',
    async generateBundle() {
      const site = process.env.SITE_URL ?? 'http://localhost:4173';
      this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: sitemapXml(site, await toolPathsFromRegistry(process.cwd())) });
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: `User-agent: *\nAllow: /\nSitemap: ${site.replace(/\/+$/, '')}/sitemap.xml\n` });
    },
  };
}

const notices = thirdPartyNotices();

export default defineConfig({
  plugins: [
    assemblyScriptKernels(),
    react(),
    tailwindcss(),
    cspMetaTag(),
    sitemap(),
    ffmpegCore(),
    hangulFont(),
    backgroundRemovalModel(),
    enginesManifest(),
    notices.app,
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      scope: '/',
      manifest: {
        name: 'Localkit',
        short_name: 'Localkit',
        description: 'File and text tools that run entirely in your browser. Nothing is uploaded.',
        theme_color: '#1d4ed8',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Share to the installed app, and "Open with" it: both land on /open, which offers the tools that take the files.
        ...fileEntryPoints(),
      },
      includeAssets: ['favicon.svg', 'favicon.ico', 'apple-touch-icon.png', 'icons/*.png', 'theme-init.js'],
      workbox: {
        // Receives files shared to the installed app (public/share-target.js) before any workbox route sees the POST.
        importScripts: ['/share-target.js'],
        globPatterns: ['**/*.{js,css,html,svg,png,ico,json,webmanifest}'],
        // Engines (wasm, models) and the JavaScript only a job loads stay out of the precache; they are cached on first use below.
        globIgnores: ['**/*.wasm', '**/ffmpeg/**', '**/models/**', '**/fonts/**', '**/*.onnx', ...Object.values(ON_DEMAND).flat()],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/(assets|locales|ffmpeg|models|fonts)\//, /\.[a-z0-9]+$/i],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /\.(wasm|onnx)$|^\/(ffmpeg|models|fonts)\//.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'localkit-engines', expiration: { maxEntries: 200 } },
          },
          { urlPattern: ON_DEMAND_URL, handler: 'CacheFirst', options: { cacheName: 'localkit-engines', expiration: { maxEntries: 200 } } },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/locales/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'localkit-locales' },
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: {
      // jsPDF's optional renderers (about 100 KB gzip with core-js), needed only by APIs we do not call.
      html2canvas: fileURLToPath(new URL('./src/tools/svg/svg-to-pdf/jspdfOptional.ts', import.meta.url)),
      canvg: fileURLToPath(new URL('./src/tools/svg/svg-to-pdf/jspdfOptional.ts', import.meta.url)),
    },
  },
  worker: { format: 'es', plugins: () => [assemblyScriptKernels(), notices.worker()] },
  // The dev server's pre-bundling would break the jSquash codecs' wasm URLs.
  optimizeDeps: { exclude: ['@jsquash/avif', '@jsquash/jpeg', '@jsquash/jxl', '@jsquash/oxipng', '@jsquash/png', '@jsquash/resize', '@jsquash/webp'] },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // A lazy page's JavaScript imports load when the page does, not preloaded alongside it: the preload lists of
    // every page sat in the registry's chunk on the home page (~1 KB gzip, growing with each tool). The extra round
    // trip is to our own origin, and from the service worker's cache after the first visit. Stylesheets still preload.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((d) => d.endsWith('.css')) },
  },
  server: { port: 5173 },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
    environment: 'node',
    // A timeout catches a hang, not slowness: on this 2-core machine under load the 0..255 flat-colour resize test
    // took 8.8-11.7 s against the default 5 s (fails by the machine's load, not the code).
    testTimeout: 30_000,
    // One file per core: vitest's default leaves one core idle (cores − 1), which on 2 cores ran the unit files one
    // at a time (240 s in CI; 136 s two at a time, the slowest test 12 s against its 30 s limit).
    maxWorkers: availableParallelism(),
  },
});
