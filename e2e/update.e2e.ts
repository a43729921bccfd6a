// A new app version never costs the user a result: two versions of the build are served in turn from one
// origin, the service worker finds the new one, and the page keeps its results until the user navigates
// or asks for the reload. The leave guard asks before an in-app navigation drops results not downloaded.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../scripts/serve.mjs';
import { SECURITY_HEADERS } from '../scripts/security-headers.mjs';
import { file, inspect, settle } from './image-support';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium.mjs';
import { tr } from './support/locales';
import { download, row, rows, sendTo } from './support/results';

const DIST = path.resolve(process.env.E2E_DIST ?? 'dist');

/**
 * Serves the build as version A or B: the same files, but index.html carries a marker naming the version
 * and sw.js a different revision of index.html, as a real new deployment would.
 */
function versionedServer() {
  const base = createServer(DIST).listeners('request')[0] as http.RequestListener;
  const index = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const sw = readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  const revision = /\{url:"index\.html",revision:"([0-9a-f]+)"\}/.exec(sw)?.[1];
  if (!revision) throw new Error('sw.js has no revision for index.html');
  const state = { version: 'A' };
  const body = (p: string) => {
    if (p === '/sw.js') return { type: 'text/javascript; charset=utf-8', text: sw.replace(revision, `${revision.slice(0, -1)}${state.version}`) };
    if (p === '/index.html' || !path.extname(p)) return { type: 'text/html; charset=utf-8', text: index.replace('<head>', `<head><meta name="localkit-test-version" content="${state.version}">`) };
    return null;
  };
  const server = http.createServer((req, res) => {
    const own = body(new URL(req.url ?? '/', 'http://x').pathname);
    if (!own) return base(req, res);
    res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': own.type, 'Cache-Control': 'no-cache' });
    res.end(own.text);
  });
  return { server, state };
}

const version = (page: Page) => page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="localkit-test-version"]')?.content ?? null);
/**
 * Asks the service worker to look for a new version, as the app does on its interval. The app registers
 * its listeners once the page has loaded: wait for that first, or the test's check could beat them.
 */
async function checkForUpdate(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForTimeout(1000);
  await page
    .evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())!.update()))
    .catch((error: unknown) => {
      // The page reloaded while asking: the browser had found the new version already and the app applied it
      // (what the idle-page test waits for; each test then checks which version it shows).
      if (!/Execution context was destroyed/.test(String(error))) throw error;
    });
}
/** Where the page is and what its service workers are doing, for a failure's message. */
const workerStates = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      path: location.pathname,
      version: document.querySelector<HTMLMetaElement>('meta[name="localkit-test-version"]')?.content ?? null,
      controller: navigator.serviceWorker.controller?.state ?? null,
      active: registration?.active?.state ?? null,
      waiting: registration?.waiting?.state ?? null,
      installing: registration?.installing?.state ?? null,
    };
  });
/** What the page's beforeunload handlers say: true when the browser would ask before leaving. */
const wouldPrompt = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

// One retry, each try in a fresh browser context. The flake it covered (about one run in five: the new version
// offered, applied on navigation, and still waiting 90 s later) was the background engine download fetching
// through the old service worker while the new one was asked to take over; the download now stops for an update
// (serviceWorker.ts APPLYING_UPDATE): 8 of 8 updates applied during a download went through after it, 0 of 2 before.
describe('a new version while the page holds results', { retry: 1 }, () => {
  let browser: Browser;
  let baseURL: string;
  let served: ReturnType<typeof versionedServer>;

  beforeAll(async () => {
    served = versionedServer();
    await new Promise<void>((resolve) => served.server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => served?.server.close(() => resolve()));
  });

  /** A fresh profile on version A, controlled by its service worker, with one resized photo in the list. */
  async function pageWithResult() {
    served.state.version = 'A';
    const context = await browser.newContext({ baseURL, serviceWorkers: 'allow', acceptDownloads: true });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.dismiss();
    });
    await page.goto('/image/image-resize');
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    expect(await version(page)).toBe('A');
    await page.getByTestId('file-input').setInputFiles([file('cat.jpg', 'image/jpeg')]);
    await settle(page, 1, 0);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    return { context, page, dialogs };
  }

  const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
  const updateToast = (page: Page) => page.getByTestId('toast').filter({ hasText: tr('en', 'pwa.updateReady') });

  it('keeps the result and its download, offers the reload, and applies the version on the next navigation', async () => {
    const { context, page } = await pageWithResult();
    served.state.version = 'B';
    await checkForUpdate(page);
    await updateToast(page).waitFor({ timeout: 90_000 });
    expect(await updateToast(page).textContent()).toContain(tr('en', 'pwa.updateWaiting'));
    expect(await updateToast(page).getByRole('button', { name: tr('en', 'pwa.reload') }).count()).toBe(1);

    // Still the same page, long after the new version is ready: the row and its download are there.
    await page.waitForTimeout(1500);
    expect(await sameDocument(page)).toBe(true);
    expect(await row(page, 'cat.jpg').getAttribute('data-status')).toBe('done');
    const saved = await download(page, () => row(page, 'cat.jpg').getByTestId('download').click());
    expect(await inspect(page, saved.bytes)).toEqual({ format: 'jpeg', header: { width: 320, height: 213 }, decoded: { width: 320, height: 213 } });

    // The result is saved now: an in-app navigation goes through and brings version B.
    await page.locator('[data-testid="sidebar"] a[href="/writer/word-count"]').first().click();
    await page
      .waitForFunction(() => document.querySelector<HTMLMetaElement>('meta[name="localkit-test-version"]')?.content === 'B', undefined, { timeout: 90_000 })
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\nwhat the page shows: ${JSON.stringify(await workerStates(page))}`);
      });
    expect(new URL(page.url()).pathname).toBe('/writer/word-count');
    expect(await sameDocument(page)).toBe(false);
    await context.close();
  }, 300_000);

  it('asks before an in-app navigation drops a result, and reloads into the new version when asked', async () => {
    const { context, page, dialogs } = await pageWithResult();
    served.state.version = 'B';
    await checkForUpdate(page);
    await updateToast(page).waitFor({ timeout: 90_000 });

    // The result is not downloaded: leaving asks first, and "Stay" keeps everything.
    await page.locator('[data-testid="sidebar"] a[href="/writer/word-count"]').first().click();
    const dialog = page.getByTestId('leave-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(tr('en', 'leave.results'));
    await page.getByTestId('leave-stay').click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/image/image-resize');
    expect(await row(page, 'cat.jpg').getAttribute('data-status')).toBe('done');
    expect(await sameDocument(page)).toBe(true);

    // "Reload now" is the user's own choice: version B loads, no browser prompt in the way.
    await updateToast(page).getByRole('button', { name: tr('en', 'pwa.reload') }).click();
    await page.waitForFunction(() => document.querySelector<HTMLMetaElement>('meta[name="localkit-test-version"]')?.content === 'B', undefined, { timeout: 90_000 });
    expect(dialogs).toEqual([]);
    await context.close();
  }, 300_000);

  // Issue 25.1: the hand-off is the user's work in transit. Before the fix, the navigation of "Send to"
  // applied the waiting version: the page reloaded and the converter opened empty.
  it('a hand-off never applies the waiting version: the receiving tool gets the file, the update waits', async () => {
    const { context, page } = await pageWithResult();
    served.state.version = 'B';
    await checkForUpdate(page);
    await updateToast(page).waitFor({ timeout: 90_000 });
    await sendTo(page, 'cat.jpg', 'image-converter');
    await page.getByTestId('tool-title').filter({ hasText: tr('en', 'tools.image-converter.name') }).waitFor();
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(1);
    await page.waitForTimeout(1500);
    expect(await sameDocument(page)).toBe(true);
    expect(await version(page)).toBe('A');
    expect(await row(page, 'cat.jpg').count()).toBe(1);
    // Still offered: the user applies it when the files are safe.
    expect(await updateToast(page).count()).toBe(1);
    await context.close();
  }, 300_000);

  // The new version arrives once the page has settled (its background codec download done), as the app's
  // periodic check finds it. Known gap, measured this session: a version found while the page is still loading
  // (right after a reload) stays "waiting" in Chromium even after SKIP_WAITING, so it is applied on the next
  // visit instead; not a loss of work, but not "at once" either (see the session note).
  it('applies a new version at once on a page that holds nothing', async () => {
    served.state.version = 'A';
    const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/writer/word-count');
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await page.waitForFunction(() => document.documentElement.dataset.offlineCodecs === 'ready', undefined, { timeout: 120_000 });
    served.state.version = 'B';
    await checkForUpdate(page);
    await page.waitForFunction(() => document.querySelector<HTMLMetaElement>('meta[name="localkit-test-version"]')?.content === 'B', undefined, { timeout: 90_000 });
    await context.close();
  }, 300_000);

  it('asks the browser to warn before a reload or close while a result is not downloaded, not after', async () => {
    const { context, page } = await pageWithResult();
    expect(await wouldPrompt(page)).toBe(true);
    await download(page, () => row(page, 'cat.jpg').getByTestId('download').click());
    await expect.poll(() => wouldPrompt(page)).toBe(false);
    await context.close();
  }, 300_000);
});
