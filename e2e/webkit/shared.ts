// One WebKit for every group of tests in a spec file (e2e/webkit/pages.e2e.ts, media.e2e.ts): opening one costs
// 10–20 s (Xvfb, the driver, MiniBrowser, service worker, the background codec download), and a new MiniBrowser
// starts with an empty profile (automation sessions are ephemeral). Each group gets a new window, so a web
// process of its own as before (an old one, after many ffmpeg.wasm jobs, once failed the next group's x264 job),
// and the app as a fresh profile would be — nothing stored, its own lists of errors and requests — with the
// service worker and its caches kept. A browser that died in one group (its driver's last output is in the
// error) is replaced for the next.
import { openWebKit, type WebKitSession } from './support';

let current: WebKitSession | undefined;

export async function sharedWebKit(): Promise<WebKitSession> {
  if (current && (await current.driver.cmd('GET', '/url').then(() => true, () => false))) {
    await newWindow(current);
    return current;
  }
  await closeSharedWebKit();
  current = await openWebKit();
  return current;
}

export async function closeSharedWebKit(): Promise<void> {
  const session = current;
  current = undefined;
  await session?.close().catch((e: unknown) => console.warn('closing WebKit:', e));
}

/**
 * Empties the app's storage from the last group's window, then closes it for a new blank one (WebKitGTK gives it
 * a web process of its own, in the same website data), which the group's own page load then fills: one
 * navigation, as in a fresh browser.
 */
async function newWindow(session: WebKitSession): Promise<void> {
  await session.driver
    .exec(() => {
      localStorage.clear();
      sessionStorage.clear();
    })
    .catch(() => undefined);
  const { handle } = await session.driver.cmd<{ handle: string }>('POST', '/window/new', { type: 'window' });
  await session.driver.cmd('DELETE', '/window');
  await session.driver.cmd('POST', '/window', { handle });
  await session.driver.cmd('POST', '/window/rect', { width: 1280, height: 900 }).catch(() => undefined);
  session.errors.length = 0;
  session.requests.length = 0;
  session.proxied.length = 0;
}
