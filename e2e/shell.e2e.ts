import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { TOOLS } from '../src/tools/registry';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';

let app: AppSession | undefined;
afterEach(async () => {
  if (app) {
    expect(foreignRequests(app)).toEqual([]);
    await app.close();
  }
  app = undefined;
});

describe('the shell', () => {
  it('states the licence in the footer and links to the source code', async () => {
    app = await openApp();
    const { page } = app;
    await page.goto('/');
    const { repository } = JSON.parse(readFileSync('package.json', 'utf8')) as { repository: string };
    expect(await page.getByTestId('footer-licence').textContent()).toContain(tr('en', 'footer.licence'));
    expect(await page.getByTestId('source-link').textContent()).toBe(tr('en', 'footer.source'));
    expect(await page.getByTestId('source-link').getAttribute('href')).toBe(repository);
    await page.getByTestId('language-picker').selectOption('de');
    await expect.poll(() => page.getByTestId('footer-licence').textContent()).toContain(tr('de', 'footer.licence'));
    expect(await page.getByTestId('source-link').textContent()).toBe(tr('de', 'footer.source'));
  });

  it('filters the sidebar by translated name, case-insensitively, hiding empty categories', async () => {
    app = await openApp();
    const { page } = app;
    await page.goto('/');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.waitFor();
    expect(await sidebar.getByTestId('nav-tool').count()).toBe(TOOLS.length);
    const tool = TOOLS.find((t) => t.id === 'word-count')!;
    await sidebar.getByTestId('sidebar-search').fill(tr('en', `tools.${tool.id}.name`).toUpperCase());
    await expect.poll(() => sidebar.getByTestId('nav-tool').count()).toBe(1);
    expect(await sidebar.getByTestId('nav-category').count()).toBe(1);
    await sidebar.getByTestId('sidebar-search').fill('zzzz-nothing');
    await expect.poll(() => sidebar.getByTestId('nav-tool').count()).toBe(0);
    expect(await sidebar.textContent()).toContain(tr('en', 'search.noResults'));
    // Search words in another language (loaded with the first search, not with the home page) find a tool too.
    await sidebar.getByTestId('sidebar-search').fill('동영상 합치기');
    await expect.poll(() => sidebar.getByTestId('nav-tool').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/video/video-merge']);
  });

  it('collapses and expands a category', async () => {
    app = await openApp();
    const { page } = app;
    await page.goto('/');
    const category = page.getByTestId('sidebar').getByTestId('nav-category').first();
    const toggle = category.getByRole('button');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await category.getByTestId('nav-tool').first().isVisible()).toBe(false);
    await toggle.click();
    expect(await category.getByTestId('nav-tool').first().isVisible()).toBe(true);
  });

  it('switches light <-> dark from what is shown with one click, and keeps the choice across reloads', async () => {
    app = await openApp({ colorScheme: 'light' });
    const { page } = app;
    await page.goto('/');
    const toggle = page.getByTestId('theme-toggle');
    const html = () => page.locator('html').getAttribute('class');
    // Default: follow the system, which is light here; the first click must change something.
    expect(await toggle.getAttribute('data-mode')).toBe('system');
    expect(await html()).toContain('light');
    expect(await toggle.getAttribute('title')).toBe(tr('en', 'theme.switchTo.dark'));
    await toggle.click();
    expect(await html()).toContain('dark');
    expect(await toggle.getAttribute('data-mode')).toBe('dark');
    expect(await toggle.getAttribute('title')).toBe(tr('en', 'theme.switchTo.light'));
    await toggle.click();
    expect(await html()).toContain('light');
    await page.reload();
    await page.getByTestId('theme-toggle').waitFor();
    expect(await html()).toContain('light');
    expect(await page.getByTestId('theme-toggle').getAttribute('data-mode')).toBe('light');
  });

  it('offers light, dark and "follow the system" in a menu, by mouse and keyboard', async () => {
    app = await openApp({ colorScheme: 'light' });
    const { page } = app;
    await page.goto('/');
    const html = () => page.locator('html').getAttribute('class');
    await page.getByTestId('theme-toggle').click(); // → dark
    await page.getByTestId('theme-toggle').click(); // → light
    // The menu: light, dark and system, with the current choice checked.
    await page.getByTestId('theme-menu').click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitemradio').allTextContents()).toEqual(['light', 'dark', 'system'].map((m) => tr('en', `theme.modes.${m}`)));
    expect(await page.getByTestId('theme-option-light').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('theme-option-system').click();
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    expect(await page.getByTestId('theme-toggle').getAttribute('data-mode')).toBe('system');
    // Following the system live.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(html).toContain('dark');
    expect(await page.getByTestId('theme-toggle').getAttribute('title')).toBe(tr('en', 'theme.switchTo.light'));
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(html).toContain('light');
    // The keyboard reaches the menu too.
    await page.getByTestId('theme-menu').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    expect(await page.getByTestId('theme-option-system').getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
  });

  it('applies the saved theme before any app code runs (no flash)', async () => {
    app = await openApp({ colorScheme: 'light' });
    const { page } = app;
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('localkit-theme', 'dark'));
    // Block the app's modules: only the small same-origin theme script can have set the class.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await page.locator('html').getAttribute('class')).toContain('dark');
    expect(await page.getByTestId('home-title').count()).toBe(0);
    app.errors.length = 0; // the blocked modules are reported as errors, as expected
  });

  it('applies a language at once and keeps it across reloads', async () => {
    app = await openApp();
    const { page } = app;
    await page.goto('/');
    await page.getByTestId('language-picker').selectOption('ja');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ja');
    await expect.poll(() => page.getByTestId('home-title').textContent()).toBe(tr('ja', 'brand.name'));
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ja');
    await page.reload();
    await page.getByTestId('home-title').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    expect(await page.getByTestId('sidebar').textContent()).toContain(tr('ja', 'tools.word-count.name'));
  });

  it("takes a link's ?lng= for that visit only, never storing it over the user's own choice", async () => {
    app = await openApp({ locale: 'de-DE' });
    const { page } = app;
    await page.goto('/?lng=ko');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ko');
    expect(await page.getByTestId('home-title').textContent()).toBe(tr('ko', 'brand.name'));
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBeNull();
    await page.goto('/');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    // A choice made in the picker outlives a link in another language.
    await page.getByTestId('language-picker').selectOption('ja');
    await page.goto('/?lng=zh');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh');
    await page.goto('/');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ja');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ja');
  });

  it('detects the browser language and shows the contact link only where configured', async () => {
    app = await openApp({ locale: 'zh-TW' });
    const { page } = app;
    await page.goto('/');
    await page.getByTestId('home-title').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-TW');
    expect(await page.getByTestId('contact-link').count()).toBe(1);
    await page.getByTestId('language-picker').selectOption('de');
    await expect.poll(() => page.getByTestId('contact-link').count()).toBe(0);
    expect(await page.locator('footer').textContent()).toContain(String(new Date().getFullYear()));
  });

  it('keeps favorites and recently used tools on the device', async () => {
    app = await openApp();
    const { page } = app;
    await page.goto('/writer/word-count');
    await page.getByTestId('favorite').click();
    await page.getByTestId('toast').filter({ hasText: tr('en', 'favorites.added') }).waitFor();
    expect(await page.getByTestId('favorite').getAttribute('aria-pressed')).toBe('true');
    await page.goto('/');
    await page.getByTestId('home-favorites').waitFor();
    expect(await page.getByTestId('home-favorites').getByTestId('tool-card').getAttribute('data-tool')).toBe('word-count');
    // A favorite is not repeated among the recently used, popular or recently updated tools.
    expect(await page.locator('[data-testid="home-recent"], [data-testid="home-popular"], [data-testid="home-updated"]').locator('[data-tool="word-count"]').count()).toBe(0);
    await page.reload();
    await page.getByTestId('home-favorites').waitFor();
    await page.goto('/writer/word-count');
    await page.getByTestId('favorite').click();
    await page.getByTestId('toast').filter({ hasText: tr('en', 'favorites.removed') }).waitFor();
    await page.goto('/');
    await page.getByTestId('home-title').waitFor();
    expect(await page.getByTestId('home-favorites').count()).toBe(0);
  });

  it('copies the share link and says so', async () => {
    app = await openApp({ clipboard: true });
    const { page } = app;
    await page.goto('/writer/word-count');
    // Headless Chromium has no share sheet: the link is copied.
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.getByTestId('share').click();
    await page.getByTestId('toast').filter({ hasText: tr('en', 'share.copied') }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.baseURL}/writer/word-count`);
  });

  it('opens the search palette with Ctrl+K and goes to the chosen tool', async () => {
    app = await openApp();
    const { page } = app;
    await page.goto('/');
    await page.getByTestId('home-title').waitFor();
    await page.keyboard.press('Control+k');
    await page.getByTestId('palette-input').fill(tr('en', 'tools.word-count.name').toLowerCase());
    await expect.poll(() => page.getByTestId('palette-result').count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.getByTestId('tool-title').waitFor();
    expect(new URL(page.url()).pathname).toBe('/writer/word-count');
    expect(await page.getByTestId('search-palette').count()).toBe(0);
  });

  it('Ctrl+K brings the last query back selected: typing replaces it', async () => {
    app = await openApp();
    const { page } = app;
    await page.goto('/');
    await page.getByTestId('home-title').waitFor();
    await page.keyboard.press('Control+k');
    await page.getByTestId('palette-input').waitFor();
    await page.keyboard.type('webp');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('search-palette').count()).toBe(0);
    await page.keyboard.press('Control+k');
    await page.getByTestId('palette-input').waitFor();
    await page.keyboard.type('heic');
    expect(await page.getByTestId('palette-input').inputValue()).toBe('heic');
  });

  it('turns the sidebar into a menu on narrow screens', async () => {
    app = await openApp({ viewport: { width: 375, height: 740 } });
    const { page } = app;
    await page.goto('/');
    await page.getByTestId('home-title').waitFor();
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    await page.getByTestId('menu-button').click();
    const menu = page.getByTestId('mobile-menu');
    await menu.waitFor();
    await menu.locator('[data-tool="word-count"]').click();
    await page.getByTestId('tool-title').waitFor();
    await expect.poll(() => page.getByTestId('mobile-menu').count()).toBe(0);
    // Nothing overflows the narrow viewport.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('serves deep links on reload and reloads once when a page chunk is gone', async () => {
    app = await openApp();
    const { page } = app;
    let failed = 0;
    // Simulate a new deploy: the first request for the word-count chunk 404s.
    await page.route(/\/assets\/Page-.*\.js$/, async (route) => {
      if (failed++ === 0) return route.fulfill({ status: 404, body: 'gone' });
      return route.continue();
    });
    await page.goto('/writer/word-count');
    await page.getByTestId('tool-title').waitFor();
    await page.getByTestId('text-input').waitFor({ timeout: 15_000 });
    expect(failed).toBeGreaterThanOrEqual(2);
    app.errors.length = 0; // the 404 and the failed import are expected here
  });
});
