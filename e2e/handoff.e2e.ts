import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { download, FIXTURES, row, settle } from './image-support';
import { rows } from './support/results';
import { identify } from './support/identify';


type Shared = { name: string; mimeType: string; buffer: Buffer };

/**
 * A page the service worker controls, as the installed app's pages are. One profile for the share cases: its
 * service worker installs (precaching the whole app) once, not once a case; each case gets a page of its own,
 * controlled from its first load, with no share left waiting by the case before.
 */
let controlled: AppSession | undefined;
/** How long a listing of shared files may take to show: the page reads them from Cache Storage (1 s missed at a load of 30). */
const LISTED = { timeout: 10_000 };
const controlledPages: Page[] = [];
async function controlledApp(): Promise<AppSession> {
  if (!controlled) {
    const app = await openApp();
    await app.page.goto('/?lng=en');
    await app.page.getByTestId('home-title').waitFor();
    // The service worker controls the pages loaded after it is ready.
    await app.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await app.page.goto('about:blank');
    controlled = app;
  }
  const page = await controlled.context.newPage();
  controlledPages.push(page);
  await page.goto('/?lng=en');
  await page.getByTestId('home-title').waitFor();
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await page.evaluate(() => caches.delete('localkit-share'));
  return { ...controlled, page };
}

/** What the system's share sheet sends: a multipart POST of the files to the manifest's share_target action. */
async function share(page: Page, files: Shared[]) {
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.enctype = 'multipart/form-data';
    form.action = '/share-target';
    form.innerHTML = '<input type="file" name="files" multiple id="share-input">';
    document.body.append(form);
  });
  if (files.length) await page.locator('#share-input').setInputFiles(files);
  await Promise.all([page.waitForURL(/\/open\?shared=\d+$/), page.evaluate(() => (document.querySelector('form[action="/share-target"]') as HTMLFormElement).submit())]);
}

/** What the page's beforeunload handlers say: true when the browser would ask before leaving. */
const wouldPrompt = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

/**
 * Another site (a second loopback origin: "localhost" against the app's 127.0.0.1) whose page auto-submits a
 * multipart form to the app's /share-target, with or without a file and with the referrer policy asked for.
 */
function hostileSite(appOrigin: string) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const policy = url.searchParams.get('referrer') ?? 'strict-origin-when-cross-origin';
    const withFile = url.searchParams.get('file') === '1';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><meta name="referrer" content="${policy}"><form method="POST" enctype="multipart/form-data" action="${appOrigin}/share-target"><input type="file" name="files"></form>
<script>
if (${withFile}) {
  const dt = new DataTransfer();
  dt.items.add(new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'planted.svg', { type: 'image/svg+xml' }));
  document.querySelector('input').files = dt.files;
}
document.forms[0].submit();
</script>`);
  });
  return server;
}

describe('files handed from tool to tool, and into the app from the system', () => {
  const sessions: AppSession[] = [];
  afterEach(async () => {
    for (const app of sessions.splice(0)) await app.close();
    for (const page of controlledPages.splice(0)) await page.close();
  });
  afterAll(async () => {
    await controlled?.close();
    controlled = undefined;
  });

  it('sends a resized image to the favicon converter without a download; the icons are made from it', async () => {
    const app = await openApp();
    sessions.push(app);
    const { page } = app;
    await page.goto('/image/image-resize?lng=en');
    await page.getByTestId('resize-width').fill('256');
    await page.getByTestId('output-format').selectOption('png');
    await page.getByTestId('file-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: readFileSync(path.join(FIXTURES, 'cat.jpg')) });
    await settle(page, 1, 0);
    // A menu button: opening it offers only tools that take a PNG, never the tool it is on.
    await row(page, 'photo.jpg').getByTestId('send-to').click();
    const offered = await page.getByTestId('send-to-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')));
    expect(offered).toContain('favicon-converter');
    expect(offered).toContain('png-to-svg');
    expect(offered).not.toContain('image-resize');
    expect(offered).not.toContain('video-compress');
    await page.locator('[data-testid="send-to-item"][data-tool="favicon-converter"]').click();
    // Sent results count as kept: no "leave the page?" question.
    await page.getByTestId('tool-title').filter({ hasText: tr('en', 'tools.favicon-converter.name') }).waitFor();
    expect(await page.getByTestId('leave-dialog').count()).toBe(0);
    await expect.poll(() => page.locator('[data-status="done"][data-testid="result-row"]').count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(8);
    const zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    expect(identify(zip['android-chrome-512x512.png'])).toBe('PNG 512x512');
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  // Issue 27 (workflows): one row of a batch sent on no longer drops the rest without a word; the control is a
  // menu button that a stray arrow key does not fire; the whole batch can be sent at once.
  it('send-to on one row of a batch asks before dropping the rest; the menu acts on Enter, not on an arrow key; "send all"', async () => {
    const app = await openApp({ serviceWorkers: 'block' });
    sessions.push(app);
    const { page } = app;
    await page.goto('/image/image-compress?lng=en');
    await page.getByTestId('file-input').setInputFiles([path.join(FIXTURES, 'cat.jpg'), path.join(FIXTURES, 'coffee.png')]);
    await settle(page, 2, 0);
    const trigger = row(page, 'cat.jpg').getByTestId('send-to');
    expect(await trigger.evaluate((el) => el.tagName)).toBe('BUTTON');
    // Keyboard: focus, ArrowDown opens the menu (Radix) but picks nothing; Escape leaves everything as it was.
    await trigger.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByTestId('send-to-menu').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/image/image-compress');
    await page.keyboard.press('Escape');
    await page.getByTestId('send-to-menu').waitFor({ state: 'detached' });
    // Sending one row while the other result is not downloaded asks; Stay keeps both, and the hand-off is dropped.
    await trigger.click();
    await page.locator('[data-testid="send-to-item"][data-tool="image-resize"]').click();
    const dialog = page.getByTestId('leave-dialog');
    await dialog.waitFor();
    await page.getByTestId('leave-stay').click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/image/image-compress');
    expect(await rows(page, 'done').count()).toBe(2);
    // Still unsaved: leaving by a link asks too.
    await page.locator('[data-testid="sidebar"] a[href="/writer/word-count"]').first().click();
    await dialog.waitFor();
    await page.getByTestId('leave-stay').click();
    await dialog.waitFor({ state: 'detached' });
    // "Send all to…" hands both over to a tool that takes both, with no question (nothing is left behind).
    await page.getByTestId('send-all-to').click();
    await page.locator('[data-testid="send-to-item"][data-tool="image-converter"]').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('tool-title').filter({ hasText: tr('en', 'tools.image-converter.name') }).waitFor();
    expect(await dialog.count()).toBe(0);
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(2);
    expect(app.errors).toEqual([]);
  });

  it('a file shared to the app (Web Share Target, through the service worker) opens in the tool the user picks', async () => {
    // The service worker must control the page, as it does for the installed app.
    const app = await controlledApp();
    const { page } = app;
    const errorsBefore = app.errors.length;
    // What the system's share sheet sends: a multipart POST of the files to the manifest's share_target action.
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest.share_target).toMatchObject({ action: '/share-target', method: 'POST', enctype: 'multipart/form-data' });
    expect(manifest.file_handlers[0]).toMatchObject({ action: '/open' });
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.enctype = 'multipart/form-data';
      form.action = '/share-target';
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'files';
      input.multiple = true;
      input.id = 'share-input';
      form.append(input);
      document.body.append(form);
    });
    await page.locator('#share-input').setInputFiles([path.join(FIXTURES, 'cat.jpg'), path.join(FIXTURES, 'coffee.png')]);
    await Promise.all([page.waitForURL(/\/open\?shared=2$/), page.evaluate(() => (document.querySelector('form') as HTMLFormElement).submit())]);
    await expect.poll(() => page.getByTestId('open-file').allTextContents()).toHaveLength(2);
    expect((await page.getByTestId('open-file').allTextContents()).join(' ')).toContain('coffee.png');
    const tools = await page.getByTestId('open-tool').evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')));
    expect(tools).toContain('image-converter');
    expect(tools).not.toContain('svg-to-png');
    await page.locator('[data-testid="open-tool"][data-tool="image-converter"]').click();
    // One rule for every tool: files handed over wait for Start (the settings come first), even where drops start
    // at once; until then they are work a reload would lose.
    await expect.poll(() => page.locator('[data-testid="result-row"][data-status="ready"]').count()).toBe(2);
    await page.waitForTimeout(500);
    expect(await page.locator('[data-testid="result-row"][data-status="ready"]').count()).toBe(2);
    await page.locator('[data-testid="sidebar"] a[href="/writer/word-count"]').first().click();
    await page.getByTestId('leave-dialog').waitFor();
    await page.getByTestId('leave-stay').click();
    await page.getByTestId('start').click();
    // The converter's default output is WebP.
    await settle(page, 2, 0);
    const out = await download(page, () => row(page, 'coffee.png').getByTestId('download').click());
    expect(identify(out.bytes)).toBe('WEBP 225x150');
    // Taken once: opening /open again shows nothing left over.
    await page.goto('/open?lng=en');
    await page.getByTestId('open-empty').waitFor();
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors.slice(errorsBefore)).toEqual([]);
  });
  // Issue 25.2: listing shared files is work (a waiting version does not reload over it) and reading them does not
  // take them: a reload of /open lists them again; only a tool taking them empties the share.
  it('shared files stay shared until a tool takes them: a reload of /open lists them again, and leaving asks', async () => {
    const { page } = await controlledApp();
    await share(page, [{ name: 'cat.jpg', mimeType: 'image/jpeg', buffer: readFileSync(path.join(FIXTURES, 'cat.jpg')) }]);
    await expect.poll(() => page.getByTestId('open-file').count(), LISTED).toBe(1);
    expect(await wouldPrompt(page)).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('open-file').count(), LISTED).toBe(1);
    await page.locator('[data-testid="open-tool"][data-tool="image-resize"]').click();
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(1);
    await page.goto('/open?lng=en');
    await page.getByTestId('open-empty').waitFor();
  });

  // Issue 25.4 and 25.11: another site's form is refused and leaves a waiting share alone; an empty POST never
  // clears one; names lose their bidi controls; a share no tool took expires from Cache Storage.
  it('refuses a share posted by another site, keeps a waiting share through an empty POST, cleans names, expires old shares', async () => {
    const { page, baseURL } = await controlledApp();
    const site = hostileSite(new URL(baseURL).origin);
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const hostile = `http://localhost:${(site.address() as AddressInfo).port}`;
    try {
      await share(page, [{ name: 'invoice\u202Egnp.exe', mimeType: 'image/png', buffer: readFileSync(path.join(FIXTURES, 'coffee.png')) }]);
      await expect.poll(() => page.getByTestId('open-file').allTextContents(), LISTED).toEqual([expect.stringContaining('invoicegnp.exe')]);
      expect((await page.getByTestId('open-file').allTextContents()).join('')).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);

      // The other site's page, with a file: refused, and the waiting share is still the user's.
      // The form submits while the page loads: the navigation is started, not awaited (it is replaced at once).
      const visit = (url: string) => page.evaluate((u) => void (location.href = u), url);
      await visit(`${hostile}/?file=1`);
      await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/open\?refused=1$/);
      await page.getByTestId('open-refused').waitFor();
      await expect.poll(() => page.getByTestId('open-file').allTextContents(), LISTED).toEqual([expect.stringContaining('invoicegnp.exe')]);
      // An empty POST (here hiding its referrer, so it passes for a share from the system) clears nothing.
      await visit(`${hostile}/?referrer=no-referrer`);
      await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/open\?shared=0$/);
      await expect.poll(() => page.getByTestId('open-file').allTextContents(), LISTED).toEqual([expect.stringContaining('invoicegnp.exe')]);
    } finally {
      site.closeAllConnections();
      await new Promise<void>((resolve) => site.close(() => resolve()));
    }

    // A share left untaken for two hours is gone at the next start of the app.
    await page.evaluate(async () => {
      const cache = await caches.open('localkit-share');
      for (const key of await cache.keys()) {
        const old = (await cache.match(key))!;
        const headers = new Headers(old.headers);
        headers.set('x-shared-at', String(Date.now() - 2 * 3600_000));
        await cache.put(key, new Response(await old.blob(), { headers }));
      }
    });
    await page.goto('/?lng=en');
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('localkit-share')).keys()).length), { timeout: 15_000 }).toBe(0);
  });

  // Issue 27: several kinds in one share go each to a tool that takes them; the files no tool takes are named.
  it('routes each kind of a mixed share to its tools and names the files no tool takes; an empty /open offers a picker', async () => {
    const { page } = await controlledApp();
    await share(page, [
      { name: 'cat.jpg', mimeType: 'image/jpeg', buffer: readFileSync(path.join(FIXTURES, 'cat.jpg')) },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('one two three\n') },
      { name: 'data.bin', mimeType: 'application/octet-stream', buffer: Buffer.from([0, 1, 2, 3]) },
    ]);
    await expect.poll(() => page.getByTestId('open-group').count(), LISTED).toBe(3);
    const groups = page.getByTestId('open-group');
    const toolsOf = (i: number) => groups.nth(i).getByTestId('open-tool').evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')));
    expect(await groups.nth(0).getByTestId('open-file').allTextContents()).toEqual([expect.stringContaining('cat.jpg')]);
    expect(await toolsOf(0)).toContain('image-resize');
    expect(await groups.nth(1).getByTestId('open-file').allTextContents()).toEqual([expect.stringContaining('notes.txt')]);
    expect(await toolsOf(1)).toEqual(expect.arrayContaining(['text-converter', 'word-count', 'text-diff']));
    expect(await groups.nth(2).getByTestId('open-none').textContent()).toBe(tr('en', 'open.noTool_one'));
    expect(await groups.nth(2).getByTestId('open-file').allTextContents()).toEqual([expect.stringContaining('data.bin')]);
    // The text goes to word count, which counts it.
    await groups.nth(1).locator('[data-testid="open-tool"][data-tool="word-count"]').click();
    await expect.poll(() => page.getByTestId('text-input').inputValue()).toBe('one two three\n');
    // The image is still waiting at /open.
    await page.goto('/open?lng=en');
    await expect.poll(() => page.getByTestId('open-file').allTextContents(), LISTED).toEqual([expect.stringContaining('cat.jpg'), expect.stringContaining('data.bin')]);

    await page.goto('/open?lng=en');
    await page.evaluate(() => caches.delete('localkit-share'));
    await page.reload();
    await page.getByTestId('open-empty').waitFor();
    const box = await page.getByTestId('open-files').evaluate((el) => parseFloat(getComputedStyle(el).paddingTop));
    expect(box).toBeGreaterThanOrEqual(16);
    await page.getByTestId('file-input').setInputFiles([path.join(FIXTURES, 'coffee.png')]);
    await expect.poll(() => page.getByTestId('open-file').count(), LISTED).toBe(1);
    expect(await page.getByTestId('open-tool').count()).toBeGreaterThan(0);
  });
});
