import { beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/tools/registry';
import { tr } from '../support/locales';
import { navigate, openTool, select } from './app';
import { until } from './poll';
import { attr, click, collect, foreignRequests, load, SKIP_WEBKIT, text, waitFor, type WebKitSession } from './support';
import { sharedWebKit } from './shared';

// Every route in WebKitGTK, and the shell around the tools: theme, language, the Ctrl+K palette, the service worker.
describe.skipIf(SKIP_WEBKIT)('WebKit: routes and shell', { timeout: 120_000 }, () => {
  let wk: WebKitSession;
  beforeAll(async () => {
    wk = await sharedWebKit();
    await load(wk, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  it('renders home, privacy, not-found and every tool route in English, with no error', { timeout: 240_000 }, async () => {
    expect(await text(wk, '[data-testid="home-title"]')).toBe('Localkit');
    expect(await attr(wk, 'html', 'lang')).toBe('en');
    // Isolated, yet WebKit exposes no SharedArrayBuffer on window and no navigator.storage (no OPFS): the app
    // must not need either.
    expect(await wk.driver.exec(() => crossOriginIsolated)).toBe(true);
    for (const tool of TOOLS) {
      await openTool(wk, tool.path);
      await until(() => wk.driver.title(), (t) => t === `${tr('en', `tools.${tool.id}.name`)} — ${tr('en', 'brand.name')}`, { timeout: 10_000, message: `${tool.id} document title` });
    }
    await navigate(wk, '/privacy');
    await until(() => text(wk, 'h1'), (t) => t === tr('en', 'privacy.title'), { message: 'privacy title' });
    await navigate(wk, '/no/such/page');
    await waitFor(wk, '[data-testid="not-found"]');
    expect(await text(wk, 'h1')).toBe(tr('en', 'notFound.title'));
    await collect(wk);
    expect(wk.errors).toEqual([]);
  });

  it('registers the service worker for the whole app', async () => {
    const scope = await wk.driver.exec(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${wk.baseURL}/`);
  });

  it('switches the theme to dark and back', async () => {
    await navigate(wk, '/');
    await waitFor(wk, '[data-testid="home-title"]');
    const mode = () => attr(wk, '[data-testid="theme-toggle"]', 'data-mode');
    const dark = () => wk.driver.exec(() => document.documentElement.classList.contains('dark'));
    const before = await dark();
    await click(wk, '[data-testid="theme-toggle"]');
    await until(dark, (d) => d !== before, { message: 'theme switched' });
    expect(await mode()).toBe(before ? 'light' : 'dark');
    await click(wk, '[data-testid="theme-toggle"]');
    await until(dark, (d) => d === before, { message: 'theme switched back' });
  });

  it('opens the search palette with Ctrl+K and goes to the chosen tool', async () => {
    const key = (value: string) => [{ type: 'keyDown', value }, { type: 'keyUp', value }];
    const CONTROL = '\uE009';
    await wk.driver.actions([{ type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value: CONTROL }, ...key('k'), { type: 'keyUp', value: CONTROL }] }]);
    await waitFor(wk, '[data-testid="palette-input"]', { visible: true });
    await wk.driver.sendKeys(await waitFor(wk, '[data-testid="palette-input"]'), tr('en', 'tools.word-count.name').toLowerCase());
    await until(() => wk.driver.exec(() => document.querySelectorAll('[data-testid="palette-result"]').length), (n) => n === 1, { message: 'one palette result' });
    await wk.driver.actions([{ type: 'key', id: 'keyboard', actions: key('\uE007') }]);
    await until(() => wk.driver.exec(() => location.pathname), (p) => p === '/writer/word-count', { message: 'word count opened' });
    expect(await wk.driver.exec(() => document.querySelectorAll('[data-testid="search-palette"]').length)).toBe(0);
  });

  it('switches the language at once and keeps it across a reload', async () => {
    await navigate(wk, '/');
    await select(wk, '[data-testid="language-picker"]', 'ja');
    await until(() => attr(wk, 'html', 'lang'), (l) => l === 'ja', { message: 'lang ja' });
    await until(() => text(wk, '[data-testid="home-title"]'), (t) => t === tr('ja', 'brand.name'), { message: 'Japanese title' });
    await load(wk, '/', '[data-testid="home-title"]', false);
    expect(await attr(wk, 'html', 'lang')).toBe('ja');
    expect(await text(wk, '[data-testid="sidebar"]')).toContain(tr('ja', 'tools.word-count.name'));
    await select(wk, '[data-testid="language-picker"]', 'en');
    await until(() => attr(wk, 'html', 'lang'), (l) => l === 'en', { message: 'lang en' });
  });

  it('sent nothing off the origin and logged no error; the proxy would have seen it', async () => {
    expect(await foreignRequests(wk)).toEqual([]);
    expect(wk.requests.some((u) => u.startsWith(wk.baseURL))).toBe(true);
    expect(wk.errors).toEqual([]);
    // The recorder works: a page load from another host reaches the proxy (and is refused there). A fetch from
    // the app would not: its CSP stops it in the page.
    await wk.driver.navigate('http://webkit-proxy-check.invalid/').catch(() => undefined);
    await until(async () => wk.proxied.length, (n) => n > 0, { timeout: 10_000, message: 'the proxy to see a request' });
    expect(wk.proxied.join(' ')).toContain('webkit-proxy-check.invalid');
  });
});
