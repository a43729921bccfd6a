// What classic WebDriver cannot report, recorded by the page itself: uncaught errors and rejections, console
// errors, and the files
// the app saves. The app saves through a temporary <a download href="blob:…"> (src/lib/download.ts); the hook
// stops that click from starting a browser download and reads the blob behind the link instead.
import { until } from './poll';
import type { WebDriver } from './webdriver';

interface SavedEntry {
  name: string;
  status: 'reading' | 'done' | string;
  b64?: string;
}
interface Hooks {
  errors: string[];
  downloads: SavedEntry[];
}
type HookedWindow = Window & { __lk?: Hooks };

/** Installs the hooks in the current document (once; in-app navigations keep them). */
export async function installPageHooks(driver: WebDriver): Promise<void> {
  await driver.exec(() => {
    const w = window as HookedWindow;
    if (w.__lk) return;
    const hooks: Hooks = { errors: [], downloads: [] };
    w.__lk = hooks;
    performance.setResourceTimingBufferSize(100_000);
    const describe = (v: unknown) => (v instanceof Error ? `${v.name}: ${v.message}` : String(v));
    addEventListener('error', (e) => hooks.errors.push(`pageerror: ${e.error ? describe(e.error) : e.message}`));
    addEventListener('unhandledrejection', (e) => hooks.errors.push(`unhandledrejection: ${describe(e.reason)}`));
    // Console errors count too, as in the Firefox suite (the page's own; a worker's console is not seen here).
    const consoleError = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      hooks.errors.push(`console: ${args.map(describe).join(' ')}`);
      consoleError(...args);
    };
    addEventListener(
      'click',
      (e) => {
        const a = e.target instanceof Element ? e.target.closest('a[download]') : null;
        if (!(a instanceof HTMLAnchorElement) || !a.href.startsWith('blob:')) return;
        e.preventDefault();
        const entry: SavedEntry = { name: a.download, status: 'reading' };
        hooks.downloads.push(entry);
        fetch(a.href)
          .then((r) => r.blob())
          .then(
            (blob) =>
              new Promise<void>((resolve, reject) => {
                const reader = new FileReader();
                reader.onload = () => {
                  entry.b64 = String(reader.result).replace(/^data:[^,]*,/, '');
                  entry.status = 'done';
                  resolve();
                };
                reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
                reader.readAsDataURL(blob);
              }),
          )
          .catch((err: unknown) => (entry.status = `error: ${describe(err)}`));
      },
      true,
    );
  });
}

/** Waits for the save that follows the `index`-th one and returns its name and bytes. */
export async function readDownload(driver: WebDriver, index: number): Promise<{ name: string; bytes: Buffer }> {
  const status = () => driver.exec((i: number) => (window as HookedWindow).__lk?.downloads[i]?.status ?? 'none', index);
  await until(status, (s) => s !== 'none' && s !== 'reading', { timeout: 30_000, interval: 100, message: 'a download' });
  const entry = await driver.exec((i: number) => (window as HookedWindow).__lk!.downloads[i], index);
  if (entry.status !== 'done' || entry.b64 === undefined) throw new Error(`download ${entry.name} could not be read: ${entry.status}`);
  if (!entry.b64) throw new Error(`download ${entry.name} is empty`);
  return { name: entry.name, bytes: Buffer.from(entry.b64, 'base64') };
}

/** Takes the errors the page recorded since the last call, and every URL it has requested (Resource Timing). */
export async function readPageErrors(driver: WebDriver): Promise<{ errors: string[]; requests: string[] }> {
  return driver.exec(() => {
    const hooks = (window as HookedWindow).__lk;
    const errors = hooks ? hooks.errors.splice(0) : [];
    const requests = [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)];
    return { errors, requests };
  });
}
