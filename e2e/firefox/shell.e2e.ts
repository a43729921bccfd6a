import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../scripts/serve.mjs';
import { DEBIAN_PDFS } from '../../src/engines/pdf/fixtures.testing';
import { tr } from '../support/locales';
import { foreignRequests, identify, load, openFirefox, settle, SKIP_FIREFOX, type FirefoxSession } from './support';
import { ui } from './ui';

// Firefox ESR: the shell (theme, language, Ctrl+K) and offline use. This file serves the build from a server of
// its own, so that stopping it cuts the network for real: what still works then comes from the service worker.
const IMAGES = path.resolve('src/engines/codecs/fixtures');

describe.skipIf(SKIP_FIREFOX)('Firefox ESR: shell and offline', { timeout: 120_000 }, () => {
  let ff: FirefoxSession;
  let $: ReturnType<typeof ui>;
  let server: Server;
  beforeAll(async () => {
    server = createServer(path.resolve(process.env.E2E_DIST ?? 'dist'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ff = await openFirefox({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    $ = ui(ff);
    await load(ff, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);
  afterAll(async () => {
    await ff?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  const isDark = () => ff.page.evaluate(() => document.documentElement.classList.contains('dark'));

  it('switches the theme with one click: the dark class on <html> follows, and is kept', async () => {
    const before = await isDark();
    await $.click('[data-testid="theme-toggle"]');
    await expect.poll(isDark).toBe(!before);
    expect(await ff.page.evaluate(() => localStorage.getItem('localkit-theme'))).toBe(before ? 'light' : 'dark');
    await $.click('[data-testid="theme-toggle"]');
    await expect.poll(isDark).toBe(before);
  });

  it('switches the language: German titles at once, then back to English', async () => {
    await $.openTool('/writer/word-count');
    await $.select('[data-testid="language-picker"]', 'de');
    await expect.poll(() => $.text('[data-testid="tool-title"]')).toBe(tr('de', 'tools.word-count.name'));
    expect(await $.attr('html', 'lang')).toBe('de');
    await expect.poll(() => ff.page.title()).toBe(`${tr('de', 'tools.word-count.name')} — ${tr('de', 'brand.name')}`);
    await $.select('[data-testid="language-picker"]', 'en');
    await expect.poll(() => $.text('[data-testid="tool-title"]')).toBe(tr('en', 'tools.word-count.name'));
  });

  it('opens the search palette with Ctrl+K and goes to the chosen tool', async () => {
    await $.navigate('/');
    await ff.page.waitForSelector('[data-testid="home-title"]');
    await ff.page.keyboard.down('Control');
    await ff.page.keyboard.press('k');
    await ff.page.keyboard.up('Control');
    await ff.page.waitForSelector('[data-testid="palette-input"]', { visible: true });
    await ff.page.keyboard.type(tr('en', 'tools.text-diff.name').toLowerCase());
    await expect.poll(() => ff.page.$$eval('[data-testid="palette-result"]', (els) => els.length)).toBe(1);
    await ff.page.keyboard.press('Enter');
    await expect.poll(() => $.text('[data-testid="tool-title"]').catch(() => '')).toBe(tr('en', 'tools.text-diff.name'));
    expect(await ff.page.evaluate(() => location.pathname)).toBe('/text/text-diff');
    expect(await ff.page.$('[data-testid="search-palette"]')).toBeNull();
  });

  it('works offline after the first visit: the server stopped, pages load, a JPEG is compressed and a PDF split', async () => {
    const { page } = ff;
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${ff.baseURL}/`);
    // The network cut for real: the app's only server is gone, every connection to it refused.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    expect(await fetch(`${ff.baseURL}/`).then(() => 'answered', () => 'refused')).toBe('refused');

    // Each page left only once its background codec check is done (load()): a request the page leaves in flight
    // is reported by Firefox as a page error (seen for engines.json, and once for favicon.svg).
    await load(ff, '/', '[data-testid="home-title"]');
    await load(ff, '/writer/word-count');
    await $.fill('[data-testid="text-input"]', 'works without a network');
    await expect.poll(() => $.attr('[data-testid="stat-words"]', 'data-value')).toBe('4');

    await load(ff, '/image/image-compress');
    await $.upload(path.join(IMAGES, 'cat.jpg'));
    await settle(page, 1, 0);
    const out = await ff.download($.rowDownload('cat.jpg'));
    expect(identify(out.file)).toEqual({ format: 'JPEG', width: 320, height: 213 });
    await $.clear();

    // The PDF engine (MuPDF's 10 MB wasm, stored in the background after the first visit) works offline too.
    await $.openTool('/pdf/pdf-split');
    await $.click('[data-testid="mode-ranges"]');
    await $.fill('[data-testid="pages"]', '2-3');
    await $.upload(...ff.files([{ name: 'mime.pdf', bytes: readFileSync(DEBIAN_PDFS.mime) }]));
    await settle(page, 1, 0);
    const part = await ff.download('[data-testid="result-row"] [data-testid="download"]');
    expect(part.name).toBe('mime-p2-3.pdf');
    expect(execFileSync('qpdf', ['--check', part.file], { encoding: 'latin1' })).toContain('No syntax or stream encoding errors');
    expect(execFileSync('pdfinfo', [part.file], { encoding: 'latin1' })).toMatch(/^Pages:\s+2$/m);
    await $.clear();
  });

  it('sent nothing off the origin and logged no error', () => {
    expect(foreignRequests(ff)).toEqual([]);
    expect(ff.errors).toEqual([]);
  });
});
