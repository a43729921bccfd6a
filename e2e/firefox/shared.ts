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

/**
 * Empties the app's storage from the last group's tab, then closes it without its leave prompt for a new blank
 * tab, which the group's own page load then fills: one navigation, as in a fresh browser (a page load in between
 * raised NS_BINDING_ABORTED for the group's load and service-worker errors for its favicon in CI).
 */
async function forgetStoredState(session: FirefoxSession): Promise<void> {
  await session.page
    .evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    })
    .catch(() => undefined);
  await session.newPage();
  session.errors.length = 0;
  session.requests.length = 0;
  session.proxied.length = 0;
}
