// The image benchmarks' browser side: bench/image/index.html (page.ts) served by Vite's dev server and
// opened in Debian's Chromium (CHROME_PATH to change), ready when the page says so.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { assemblyScriptKernels } from '../../src/engines/codecs/vite-plugin-kernels.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Every photo, or those PHOTOS names (comma-separated, without extension). */
export const photos = readdirSync(path.join(here, 'photos'))
  .sort()
  .filter((p) => !process.env.PHOTOS || process.env.PHOTOS.split(',').includes(p.split('.')[0]));
export const photoUrl = (p) => `/bench/image/photos/${p}`;

/** Opens the bench page on `port`; `close()` stops the browser and the server. */
export async function openBench(port) {
  const server = await createServer({
    configFile: false,
    root: path.resolve(here, '../..'),
    logLevel: 'error',
    // No reload when a source file changes under a long scan (the page would lose window.bench mid-run).
    server: { port, strictPort: true, hmr: false, watch: null },
    optimizeDeps: { exclude: ['@jsquash/jpeg', '@jsquash/webp', '@jsquash/avif', '@jsquash/png', '@jsquash/oxipng', '@jsquash/resize'], include: ['comlink', 'gifenc'] },
    worker: { format: 'es', plugins: () => [assemblyScriptKernels()] },
    plugins: [assemblyScriptKernels()],
  });
  await server.listen();
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`http://localhost:${port}/bench/image/index.html`, { timeout: 300_000 });
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready', null, { timeout: 120_000 });
  const ready = () => page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready', null, { timeout: 300_000 });
  /**
   * page.evaluate, once more after a reload: Vite's dev server reloads the page when it meets a dependency
   * to optimise on first use (a codec loaded late), which destroys the running evaluation.
   */
  const call = async (fn, arg) => {
    try {
      return await page.evaluate(fn, arg);
    } catch (e) {
      if (!/context was destroyed|navigation/i.test(String(e))) throw e;
      await ready();
      return page.evaluate(fn, arg);
    }
  };
  return {
    page,
    call,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}
