// One WebKit for every group of tests in a spec file (e2e/webkit/pages.e2e.ts, media.e2e.ts): opening one costs
// 10–20 s (Xvfb, the driver, MiniBrowser, service worker, the background codec download). Each group gets it as a
// fresh profile would be for the app — nothing stored, its own lists of errors and requests — with the service
// worker and its caches kept. A browser that died in one group (see the driver's log in the error) is replaced.
import { collect, openWebKit, type WebKitSession } from './support';

let current: WebKitSession | undefined;

export async function sharedWebKit(): Promise<WebKitSession> {
  if (current && (await current.driver.cmd('GET', '/url').then(() => true, () => false))) {
    await forgetStoredState(current);
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

/** Leaves the last group's page for a static one of the app, empties its storage and the session's lists. */
async function forgetStoredState(session: WebKitSession): Promise<void> {
  await collect(session);
  await session.driver.navigate(`${session.baseURL}/privacy?lng=en`);
  await session.driver.exec(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  session.errors.length = 0;
  session.requests.length = 0;
  session.proxied.length = 0;
}
