import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../scripts/serve.mjs';
import { DEBIAN_PDFS } from '../../src/engines/pdf/fixtures.testing';
import { TOOLS } from '../../src/tools/registry';
import { tr } from '../support/locales';
import { clear, fill, openTool } from './app';
import { until } from './poll';
import { attr, click, collect, load, openWebKit, settle, SKIP_WEBKIT, upload, type WebKitSession } from './support';

// Offline after the first visit, in WebKitGTK. Classic WebDriver cannot cut MiniBrowser's network, so this spec
// serves the app from its own server and stops it: every request to the origin then fails to connect, as with no
// network (navigator.onLine stays true, unlike a real offline device).
describe.skipIf(SKIP_WEBKIT)('WebKit: offline after the first visit', { timeout: 120_000 }, () => {
  let wk: WebKitSession;
  let server: Server;
  beforeAll(async () => {
    server = createServer(path.resolve(process.env.E2E_DIST ?? 'dist'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    wk = await openWebKit({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    // The first visit: the service worker installs and the job-time code is stored in the background.
    await load(wk, '/?lng=en', '[data-testid="home-title"]');
    await wk.driver.exec(async () => (await navigator.serviceWorker.ready).scope);
    // As in Chromium's spec: offline means after the background download of the job-time code (dictionaries, fonts).
    await until(() => wk.driver.exec(() => document.documentElement.dataset.offlineCodecs ?? ''), (v) => v === 'ready', { timeout: 180_000, interval: 500, message: 'the background download to finish' });
  }, 300_000);
  afterAll(async () => {
    await wk?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('loads the shell and every tool with the server gone, and the text tools and a PDF split still work', { timeout: 240_000 }, async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    expect(await fetch(wk.baseURL).then(() => 'answered', () => 'unreachable')).toBe('unreachable');

    await load(wk, '/', '[data-testid="home-title"]', false);
    for (const tool of TOOLS) await openTool(wk, tool.path);
    // A full page load of a tool, then its worker, both from the service worker's cache.
    await load(wk, '/writer/word-count', '[data-testid="tool-title"]', false);
    await fill(wk, '[data-testid="text-input"]', 'works without a network');
    await until(() => attr(wk, '[data-testid="stat-words"]', 'data-value'), (v) => v === '4', { message: '4 words' });
    await openTool(wk, '/text/text-diff');
    await fill(wk, '[data-testid="text-input"]', 'alpha\nbeta\n');
    await fill(wk, '[data-testid="text-input-b"]', 'alpha\ngamma\n');
    await until(() => attr(wk, '[data-testid="added-count"]', 'data-value'), (v) => v === '1', { message: '1 added' });
    expect(await wk.driver.exec(() => document.querySelector('[data-testid="tool-title"]')?.textContent)).toBe(tr('en', 'tools.text-diff.name'));
    // The PDF engine (MuPDF's wasm, stored in the background after the first visit) works offline too.
    await openTool(wk, '/pdf/pdf-split');
    await click(wk, '[data-testid="mode-ranges"]');
    await fill(wk, '[data-testid="pages"]', '2-3');
    await upload(wk, wk.files([{ name: 'mime.pdf', bytes: readFileSync(DEBIAN_PDFS.mime) }]));
    await settle(wk, 1, 0);
    const part = await wk.download('[data-testid="result-row"] [data-testid="download"]');
    expect(part.name).toBe('mime-p2-3.pdf');
    expect(execFileSync('qpdf', ['--check', part.file], { encoding: 'latin1' })).toContain('No syntax or stream encoding errors');
    expect(execFileSync('pdfinfo', [part.file], { encoding: 'latin1' })).toMatch(/^Pages:\s+2$/m);
    await clear(wk);
    await collect(wk);
    expect(wk.errors).toEqual([]);
  });
});
