// One Firefox for every group of tests in a spec file (e2e/firefox/pages.e2e.ts, media.e2e.ts): opening one costs
// 15–25 s (launch, service worker, the background codec download), more than most groups' tests take. Each group
// gets it as a fresh profile would be for the app — nothing stored, its own lists of errors and requests — with
// the service worker and its caches kept. A browser that died in one group is replaced for the next.
import { openFirefox, type FirefoxSession } from './support';

let current: FirefoxSession | undefined;

export async function sharedFirefox(): Promise<FirefoxSession> {
  if (current?.page.browser().connected && !current.page.isClosed()) {
    await forgetStoredState(current);
    return current;
  }
  await closeSharedFirefox();
  current = await openFirefox();
  return current;
}

export async function closeSharedFirefox(): Promise<void> {
  const session = current;
  current = undefined;
  await session?.close().catch((e: unknown) => console.warn('closing Firefox:', e));
}

/** Leaves the last group's page for a static one of the app, empties its storage and the session's lists. */
async function forgetStoredState(session: FirefoxSession): Promise<void> {
  await session.page.goto(`${session.baseURL}/privacy?lng=en`);
  await session.page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  session.errors.length = 0;
  session.requests.length = 0;
  session.proxied.length = 0;
}
