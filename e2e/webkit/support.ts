// WebKitGTK (Safari's engine): Debian's WebKitWebDriver drives MiniBrowser under a private Xvfb, over classic W3C
// WebDriver (webdriver.ts), on the same built app the Chromium suite serves (e2e/support/global-setup.ts).
// One browser per spec file (shared by its groups, see shared.ts), in a fresh HOME (profile, caches, service
// workers) that is deleted afterwards.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { until } from './poll';
import { installPageHooks, readDownload, readPageErrors } from './page-hooks';
import { WebDriver, WebDriverError, type ElementRef } from './webdriver';
import { startRefusingProxy, uploadWriter } from '../support/harness';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Skips the WebKit specs only when asked (E2E_SKIP_WEBKIT=1); otherwise a missing WebKit fails the suite (CI installs it, see .ci/run). */
export const SKIP_WEBKIT = process.env.E2E_SKIP_WEBKIT === '1';

export interface WebKitSession {
  baseURL: string;
  driver: WebDriver;
  /** Uncaught page errors and rejections after the hooks went in (read from the page before each page load and by `collect`). */
  errors: string[];
  /** Every request that reached the catch-all proxy: anything the browser tried to send off 127.0.0.1. */
  proxied: string[];
  /** Every URL the pages asked for (the Resource Timing entries, read before each page load and by `foreignRequests`). */
  requests: string[];
  /** Clicks the element and reads the file it saves (the blob behind the download link, read in the page). */
  download: (selector: string) => Promise<{ name: string; bytes: Buffer; file: string }>;
  /** Writes files into a temporary folder (the file input takes paths) and returns their paths. */
  files: (list: { name: string; bytes: Buffer | string }[]) => string[];
  close: () => Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Whether any process of the group led by `pid` is still alive. */
function groupAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends `signal` to the process and, when it leads its own group, to everything it started. */
function signal(proc: ChildProcess, sig: NodeJS.Signals): void {
  try {
    if (proc.pid && groupAlive(proc.pid)) process.kill(-proc.pid, sig);
    else proc.kill(sig);
  } catch {
    // already gone
  }
}

/**
 * Ends a process we started and what it started (MiniBrowser and its web processes): SIGTERM, then SIGKILL if any of
 * them is alive after 5 s; resolves once the group is empty, so nothing still writes into the profile.
 */
async function stop(proc: ChildProcess): Promise<void> {
  const exited = proc.exitCode !== null || proc.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  signal(proc, 'SIGTERM');
  const timer = setTimeout(() => signal(proc, 'SIGKILL'), 5_000);
  await exited;
  await until(async () => !groupAlive(proc.pid), Boolean, { timeout: 10_000, interval: 100, message: 'the browser processes to end' }).catch(() => signal(proc, 'SIGKILL'));
  clearTimeout(timer);
}

/** Removes the session's profile; a browser helper still writing a cache file must not fail the tests that passed. */
async function removeDir(dir: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      return;
    } catch (e) {
      if (attempt >= 20) {
        console.warn(`could not remove ${dir}: ${(e as Error).message}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Starts Xvfb on the first free display (it writes the number it took to fd 3). */
async function startXvfb(): Promise<{ proc: ChildProcess; display: string }> {
  const proc = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], detached: true });
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const display = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdio[3]!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    proc.on('error', (e) => reject(new Error(`Xvfb could not start (${e.message}): install Debian's xvfb, or set E2E_SKIP_WEBKIT=1 to skip these specs locally`)));
    proc.on('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${stderr.slice(-500)}`)));
  });
  return { proc, display };
}

/** Starts WebKitWebDriver on a free port and waits until it answers. */
async function startDriver(env: NodeJS.ProcessEnv, onOutput: (line: string) => void): Promise<{ proc: ChildProcess; url: string }> {
  const port = await freePort();
  // Its own process group, so stopping it also ends the MiniBrowser and web processes it started.
  const proc = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const stream of [proc.stdout!, proc.stderr!]) {
    let rest = '';
    stream.on('data', (d: Buffer) => {
      const lines = (rest + d.toString()).split('\n');
      rest = lines.pop()!;
      lines.forEach(onOutput);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  await until(() => fetch(`${url}/status`).then((r) => r.ok, () => false), Boolean, { timeout: 20_000, interval: 100, message: 'WebKitWebDriver to answer' });
  return { proc, url };
}

/**
 * Starts MiniBrowser in a fresh profile behind a proxy that records and refuses everything. `baseURL` defaults to
 * the app the e2e run serves; a spec that stops its own server (offline) passes its own.
 */
export async function openWebKit({ baseURL = inject('baseURL') }: { baseURL?: string } = {}): Promise<WebKitSession> {
  for (const [what, file, hint] of [
    ['WebKitWebDriver', WEBKIT_DRIVER_PATH, 'WEBKIT_DRIVER_PATH'],
    ['MiniBrowser', MINIBROWSER_PATH, 'MINIBROWSER_PATH'],
  ]) {
    if (!existsSync(file)) throw new Error(`${what} not found at ${file}: install Debian's webkit2gtk-driver and xvfb (sudo apt-get install webkit2gtk-driver xvfb), set ${hint}, or set E2E_SKIP_WEBKIT=1 to skip these specs locally`);
  }
  const temp = mkdtempSync(path.join(tmpdir(), 'localkit-webkit-'));
  const home = path.join(temp, 'home');
  const uploads = path.join(temp, 'uploads');
  const downloads = path.join(temp, 'downloads');
  mkdirSync(home, { recursive: true });

  const { server: proxy, port: proxyPort, proxied } = await startRefusingProxy();

  const errors: string[] = [];
  const requests: string[] = [];
  const procs: ChildProcess[] = [];
  const killAll = () => procs.forEach((p) => signal(p, 'SIGKILL'));
  const removeTemp = () => removeDir(temp);
  process.once('exit', killAll);
  let driver: WebDriver | undefined;
  try {
    const xvfb = await startXvfb();
    procs.push(xvfb.proc);
    const env = { ...process.env, DISPLAY: xvfb.display, HOME: home, XDG_DATA_HOME: path.join(home, 'data'), XDG_CACHE_HOME: path.join(home, 'cache'), XDG_CONFIG_HOME: path.join(home, 'config'), WAYLAND_DISPLAY: '' };
    // MiniBrowser's automation view does not write console messages out; WK_DEBUG=1 shows what the driver prints.
    // The last lines (without the sound-card and D-Bus complaints of every start) go into a lost session's error.
    const output: string[] = [];
    const wd = await startDriver(env, (line) => {
      if (process.env.WK_DEBUG) console.log('[driver]', line);
      if (!line.trim() || /^(ALSA lib|AL lib)|dbus-launch/.test(line)) return;
      output.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
      if (output.length > 40) output.shift();
    });
    procs.push(wd.proc);
    const proxyURL = `http://127.0.0.1:${proxyPort}`;
    driver = await WebDriver.open(wd.url, {
      browserName: 'MiniBrowser',
      unhandledPromptBehavior: 'accept',
      'webkitgtk:browserOptions': {
        binary: MINIBROWSER_PATH,
        args: ['--automation', '--ignore-tls-errors', `--proxy=${proxyURL}`, '--ignore-host=127.0.0.1'],
      },
    });
    driver.lastWords = () => output.join('\n') || '(nothing)';
    await driver.cmd('POST', '/timeouts', { script: 180_000, pageLoad: 120_000, implicit: 0 });
    await driver.cmd('POST', '/window/rect', { width: 1280, height: 900 }).catch(() => undefined);

    const opened = driver;
    const download = async (selector: string) => {
      const before = await opened.exec(() => (window as unknown as { __lk?: { downloads: unknown[] } }).__lk?.downloads.length ?? -1);
      if (before < 0) throw new Error('page hooks missing: open pages with load()');
      await click(session, selector);
      const saved = await readDownload(opened, before);
      mkdirSync(downloads, { recursive: true });
      const file = path.join(downloads, `${Date.now()}-${saved.name}`);
      writeFileSync(file, saved.bytes);
      return { ...saved, file };
    };
    const files = uploadWriter(uploads);
    const session: WebKitSession = {
      baseURL,
      driver: opened,
      errors,
      proxied,
      requests,
      download,
      files,
      close: async () => {
        await opened.close().catch(() => undefined);
        // The driver first (it ends its MiniBrowser), then the X server.
        for (const p of [...procs].reverse()) await stop(p);
        process.off('exit', killAll);
        await new Promise<void>((resolve) => proxy.close(() => resolve()));
        await removeTemp();
      },
    };
    return session;
  } catch (e) {
    await driver?.close().catch(() => undefined);
    for (const p of [...procs].reverse()) await stop(p);
    process.off('exit', killAll);
    proxy.close();
    await removeTemp();
    throw e;
  }
}

/** Moves what the current page recorded (uncaught errors, requested URLs) into the session's lists. */
export async function collect(session: WebKitSession): Promise<void> {
  const seen = await readPageErrors(session.driver).catch(() => ({ errors: [], requests: [] }));
  session.errors.push(...seen.errors);
  for (const u of seen.requests) if (!session.requests.includes(u)) session.requests.push(u);
}

/**
 * A full page load of an app path; installs the page hooks (errors, downloads), then waits until the background
 * codec download says "ready" (leaving while it fetches would abort its requests).
 */
export async function load(session: WebKitSession, appPath: string, ready = '[data-testid="tool-title"]', codecs = true): Promise<void> {
  await collect(session);
  await session.driver.navigate(session.baseURL + appPath);
  await installPageHooks(session.driver);
  await waitFor(session, ready);
  if (codecs) await waitFor(session, 'html[data-offline-codecs="ready"]', { timeout: 180_000 });
}

/** Waits for an element matching the selector (visible, if asked) and returns it. */
export async function waitFor(session: WebKitSession, selector: string, { visible = false, timeout = 60_000 } = {}): Promise<ElementRef> {
  const found = await until(
    async () => {
      const el = await session.driver.find(selector);
      return el && (!visible || (await session.driver.displayed(el))) ? el : null;
    },
    (el) => el !== null,
    { timeout, message: selector },
  );
  return found!;
}

/**
 * A real click on the element once it is visible, scrolled to the middle of the window first (WebDriver scrolls it
 * only just into view, where a sticky bar or a toast can cover it). A click something else intercepts is tried
 * again for up to 10 s, as a user waits for a toast to go.
 */
export async function click(session: WebKitSession, selector: string): Promise<void> {
  const el = await waitFor(session, selector, { visible: true });
  // As Playwright does: a control that is still disabled (a tool waiting for its file's size, say) is waited for, not
  // clicked in vain.
  await until(
    () => session.driver.exec((e: Element) => !(e as HTMLButtonElement).disabled && e.getAttribute('aria-disabled') !== 'true', el as unknown as Element),
    Boolean,
    { timeout: 60_000, interval: 100, message: `${selector} to be enabled` },
  );
  await session.driver.exec((e: Element) => e.scrollIntoView({ block: 'center', inline: 'center' }), el as unknown as Element);
  const end = Date.now() + 10_000;
  for (;;) {
    try {
      await session.driver.click(el);
      return;
    } catch (e) {
      if (!(e instanceof WebDriverError && e.code === 'element click intercepted') || Date.now() > end) throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Chooses files in a file input as the user's file dialog does (WebDriver sends the paths). */
export async function upload(session: WebKitSession, paths: string[], selector = 'input[data-testid="file-input"]'): Promise<void> {
  await session.driver.sendKeys(await waitFor(session, selector), paths.join('\n'));
}

/** The text of the first element matching the selector (null if none). */
export const text = (session: WebKitSession, selector: string) => session.driver.exec((s: string) => document.querySelector(s)?.textContent ?? null, selector);

/** An attribute of the first element matching the selector (null if none). */
export const attr = (session: WebKitSession, selector: string, name: string) =>
  session.driver.exec((s: string, n: string) => document.querySelector(s)?.getAttribute(n) ?? null, selector, name);

/** Waits until the page shows the given numbers of done and failed result rows. */
export async function settle(session: WebKitSession, done: number, error: number, timeout = 90_000): Promise<void> {
  const count = () =>
    session.driver.exec(() => ['done', 'error'].map((s) => document.querySelectorAll(`[data-testid="result-row"][data-status="${s}"]`).length));
  try {
    await expect.poll(count, { timeout, interval: 250 }).toEqual([done, error]);
  } catch (e) {
    // Said in the log: what each row shows (its error message), the one thing a failed run cannot be asked later.
    console.log('rows when settle gave up:', await session.driver.exec(() => [...document.querySelectorAll('[data-testid="result-row"]')].map((r) => (r as HTMLElement).innerText).join(' | ')));
    throw e;
  }
}

/** Requests that left the app's origin (blob: and data: URLs never leave the tab), and any the proxy saw. */
export async function foreignRequests(session: WebKitSession): Promise<string[]> {
  await collect(session);
  const origin = new URL(session.baseURL).origin;
  const pageForeign = session.requests.filter((u) => !/^(blob|data|about):/.test(u) && new URL(u).origin !== origin);
  return [...pageForeign, ...session.proxied.map((u) => `proxy: ${u}`)];
}

/** ImageMagick's reading of a file: format, width and height of its first frame. */
export function identify(file: string): { format: string; width: number; height: number } {
  const [format, width, height] = execFileSync('identify', ['-format', '%m %w %h\n', file], { encoding: 'utf8' }).split('\n')[0].split(' ');
  return { format, width: Number(width), height: Number(height) };
}
