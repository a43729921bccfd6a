// Firefox ESR (Debian's firefox-esr) driven over WebDriver BiDi by puppeteer-core, on the same built app the
// Chromium suite serves (e2e/support/global-setup.ts). One browser per spec file, shared by its groups (shared.ts):
// Firefox starts slowly.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { expect, inject } from 'vitest';
import { startRefusingProxy, uploadWriter } from '../support/harness';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Whether to skip the Firefox specs: only when asked (E2E_SKIP_FIREFOX=1) and Firefox is really missing.
 * Without the variable a missing Firefox fails the suite loudly (CI installs it, see .ci/run).
 */
export const SKIP_FIREFOX = process.env.E2E_SKIP_FIREFOX === '1' && !existsSync(FIREFOX_PATH);

export interface FirefoxSession {
  baseURL: string;
  /** The current tab (`newPage` puts in another). */
  page: Page;
  /** Closes the tab without asking its page (no beforeunload) for a new one in the same profile. */
  newPage: () => Promise<void>;
  /** Every URL the page asked for, as WebDriver BiDi reports it. */
  requests: string[];
  /** Every request that reached the catch-all proxy: anything the browser tried to send off 127.0.0.1. */
  proxied: string[];
  /** Uncaught page errors and console errors. */
  errors: string[];
  /** Clicks, waits until the download it starts is whole in the downloads folder, and reads it. */
  download: (selector: string) => Promise<{ name: string; bytes: Buffer; file: string }>;
  /** Writes files into a temporary folder (the file input takes paths) and returns their paths. */
  files: (list: { name: string; bytes: Buffer | string }[]) => string[];
  close: () => Promise<void>;
}

/**
 * Starts Firefox in a fresh profile, with a downloads folder and a proxy that records and refuses everything.
 * `baseURL` points it at another server than the suite's (e.g. one a test stops to cut the network).
 */
export async function openFirefox(options: { baseURL?: string } = {}): Promise<FirefoxSession> {
  if (!existsSync(FIREFOX_PATH)) {
    throw new Error(`Firefox not found at ${FIREFOX_PATH}: install Debian's firefox-esr (sudo apt-get install firefox-esr), set FIREFOX_PATH, or set E2E_SKIP_FIREFOX=1 to skip these specs locally`);
  }
  const baseURL = options.baseURL ?? inject('baseURL');
  const temp = mkdtempSync(path.join(tmpdir(), 'localkit-firefox-'));
  const profile = path.join(temp, 'profile');
  const downloads = path.join(temp, 'downloads');
  const uploads = path.join(temp, 'uploads');

  // Firefox never proxies 127.0.0.1 (the app), so whatever reaches this proxy was headed off the machine's loopback.
  const { server: proxy, port: proxyPort, proxied } = await startRefusingProxy();

  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: true,
      userDataDir: profile,
      protocolTimeout: 120_000,
      // Firefox opens a downloaded WebP, AVIF, SVG, XML or PDF in a new tab of its own: the app's tab becomes
      // hidden, its animation frames stop and timers slow to 1 s, and every WebDriver action (which waits for
      // a frame) took twice as long as the one before (SVG to PNG took 28 s after the WebP download).
      extraPrefsFirefox: { 'browser.download.viewableInternally.enabledTypes': '', 'pdfjs.disabled': true },
    });
    const context = await browser.createBrowserContext({
      downloadBehavior: { policy: 'allow', downloadPath: downloads },
      proxyServer: `127.0.0.1:${proxyPort}`,
    });
    const requests: string[] = [];
    const errors: string[] = [];
    /** A tab of the context with the listeners that fill `requests` and `errors`. */
    const preparedPage = async () => {
      const page = await context.newPage();
      await page.setViewport({ width: 1280, height: 900 });
      page.on('request', (r) => requests.push(r.url()));
      page.on('pageerror', (e) => errors.push(`pageerror: ${e instanceof Error ? e.message : String(e)}`));
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        // An Error argument prints as "JSHandle@error": read its message from the page while it is still there.
        void Promise.all(m.args().map((a) => a.evaluate((v) => (v instanceof Error ? `${v.name}: ${v.message}` : String(v))).catch(() => '?')))
          .then((parts) => errors.push(`console: ${parts.join(' ') || m.text()}`));
      });
      // Leaving a page with results asks first (LeaveGuard's beforeunload): the tests leave on purpose. Any other
      // dialog is unexpected.
      page.on('dialog', (d) => {
        if (d.type() !== 'beforeunload') errors.push(`dialog: ${d.type()} ${d.message()}`);
        void d.accept().catch(() => undefined);
      });
      page.setDefaultTimeout(60_000);
      page.setDefaultNavigationTimeout(60_000);
      return page;
    };
    const page = await preparedPage();

    const download = async (selector: string) => {
      rmSync(downloads, { recursive: true, force: true });
      const button = await session.page.waitForSelector(selector, { visible: true });
      await button!.click();
      // Firefox writes <name>.part and renames it when the download is whole.
      let done: string[] = [];
      await expect
        .poll(
          () => {
            const names = existsSync(downloads) ? readdirSync(downloads) : [];
            done = names.filter((n) => !n.endsWith('.part'));
            return done.length === 1 && names.length === 1 && statSync(path.join(downloads, done[0])).size > 0;
          },
          { timeout: 30_000, interval: 100 },
        )
        .toBe(true);
      // A download that Firefox opened in a tab of its own would hide the app (see the preferences above).
      expect(await session.page.evaluate(() => document.visibilityState)).toBe('visible');
      const file = path.join(downloads, done[0]);
      return { name: done[0], bytes: readFileSync(file), file };
    };

    const files = uploadWriter(uploads);

    const opened = browser;
    const session: FirefoxSession = {
      baseURL,
      page,
      newPage: async () => {
        const old = session.page;
        session.page = await preparedPage();
        await old.close({ runBeforeUnload: false }).catch(() => undefined);
      },
      requests,
      proxied,
      errors,
      download,
      files,
      close: async () => {
        await endBrowser(opened);
        await new Promise<void>((resolve) => proxy.close(() => resolve()));
        rmSync(temp, { recursive: true, force: true });
      },
    };
    return session;
  } catch (e) {
    await browser?.close();
    proxy.close();
    rmSync(temp, { recursive: true, force: true });
    throw e;
  }
}

/**
 * Ends Firefox without its orderly shutdown (3–5 s of writing a profile that is deleted next): SIGKILL, then waits
 * until the process is gone; its content processes end with it. A browser that was not launched here is closed.
 */
async function endBrowser(browser: Browser): Promise<void> {
  const proc = browser.process();
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return void (await browser.close().catch(() => undefined));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGKILL');
  await exited;
  await browser.disconnect().catch(() => undefined);
}

/** Requests that left the app's origin (blob: and data: URLs never leave the tab), and any the proxy saw. */
export function foreignRequests(session: FirefoxSession): string[] {
  const origin = new URL(session.baseURL).origin;
  const pageForeign = session.requests.filter((u) => !u.startsWith('blob:') && !u.startsWith('data:') && !u.startsWith('about:') && new URL(u).origin !== origin);
  return [...pageForeign, ...session.proxied.map((u) => `proxy: ${u}`)];
}

/** ImageMagick's reading of a file: format, width and height of its first frame. */
export function identify(file: string): { format: string; width: number; height: number } {
  const [format, width, height] = execFileSync('identify', ['-format', '%m %w %h\n', file], { encoding: 'utf8' }).split('\n')[0].split(' ');
  return { format, width: Number(width), height: Number(height) };
}

/**
 * A full page load of an app path, then waits until the background codec download says "ready" (it runs on
 * every load once the service worker is active): leaving while it fetches would abort its requests and its
 * dynamic import, which Firefox reports as page errors.
 */
export async function load(session: FirefoxSession, appPath: string, ready = '[data-testid="tool-title"]'): Promise<void> {
  await session.page.goto(session.baseURL + appPath);
  await session.page.waitForSelector(ready);
  await session.page.waitForSelector('html[data-offline-codecs="ready"]', { timeout: 180_000 });
}

/** Waits until the page shows the given numbers of done and failed result rows. */
export async function settle(page: Page, done: number, error: number, timeout = 90_000): Promise<void> {
  const count = (status: string) => page.$$eval(`[data-testid="result-row"][data-status="${status}"]`, (els) => els.length);
  try {
    await expect.poll(async () => [await count('done'), await count('error')], { timeout, interval: 250 }).toEqual([done, error]);
  } catch (error) {
    // What each row shows when it never settles (its status, stage and text), for the run's log.
    const rows = await page.$$eval('[data-testid="result-row"]', (els) => els.map((el) => `${el.getAttribute('data-status')}: ${el.textContent?.replace(/\s+/g, ' ').trim()}`)).catch(() => []);
    console.log(`rows that did not settle:\n${rows.join('\n')}`);
    throw error;
  }
}
