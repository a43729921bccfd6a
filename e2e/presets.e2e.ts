import { afterEach, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { download, file, row, settle } from './image-support';
import { identify } from './support/identify';


describe('settings in the link, and named presets', () => {
  const sessions: AppSession[] = [];
  const open = async (options: Parameters<typeof openApp>[0] = {}) => {
    const app = await openApp(options);
    sessions.push(app);
    return app;
  };
  afterEach(async () => {
    for (const app of sessions.splice(0)) await app.close();
  });

  it('Share copies a link with the settings that differ from the defaults; a fresh profile opens the tool set exactly so', async () => {
    const a = await open({ clipboard: true });
    await a.page.goto('/image/image-resize?lng=en');
    await a.page.getByTestId('resize-width').fill('200');
    await a.page.getByTestId('output-format').selectOption('png');
    await expect.poll(() => new URL(a.page.url()).searchParams.get('format')).toBe('png');
    await a.page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await a.page.getByTestId('share').click();
    await a.page.getByTestId('toast').filter({ hasText: tr('en', 'share.copied') }).waitFor();
    const link = new URL(await a.page.evaluate(() => navigator.clipboard.readText()));
    expect(link.pathname).toBe('/image/image-resize');
    expect(link.searchParams.get('lng')).toBe('en');
    expect(link.searchParams.get('format')).toBe('png');
    // Only what differs from the defaults is in the link.
    expect([...link.searchParams.keys()].sort()).toEqual(['format', 'lng', 'width']);

    const b = await open({ clipboard: true });
    await b.page.goto(`${link.pathname}${link.search}`);
    await b.page.getByTestId('file-input').waitFor({ state: 'attached' });
    expect(await b.page.getByTestId('output-format').inputValue()).toBe('png');
    expect(await b.page.getByTestId('resize-width').inputValue()).toBe('200');
    // The settings the link made are exactly the ones that made it: B's own Share link is A's. They are for this
    // visit only (issue 25.7): nothing is stored until the user changes a setting.
    await b.page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await b.page.getByTestId('share').click();
    await b.page.getByTestId('toast').filter({ hasText: tr('en', 'share.copied') }).waitFor();
    const again = new URL(await b.page.evaluate(() => navigator.clipboard.readText()));
    expect(`${again.pathname}?${[...again.searchParams].sort().join('&')}`).toBe(`${link.pathname}?${[...link.searchParams].sort().join('&')}`);
    expect(await b.page.evaluate(() => localStorage.getItem('localkit-settings:image-resize'))).toBeNull();
    await b.page.getByTestId('file-input').setInputFiles([file('cat.jpg', 'image/jpeg')]);
    await settle(b.page, 1, 0);
    const out = await download(b.page, () => row(b.page, 'cat.jpg').getByTestId('download').click());
    expect(out.name).toBe('cat.png');
    expect(identify(out.bytes)).toBe('PNG 200x133');
    expect(foreignRequests(b)).toEqual([]);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it('ignores settings a hand-edited link gets wrong, keeping the ones that fit', async () => {
    const app = await open();
    await app.page.goto('/image/image-converter?format=gif&quality=5000&background=red&keepMetadata=yes&lng=en');
    await app.page.getByTestId('file-input').waitFor({ state: 'attached' });
    expect(await app.page.getByTestId('output-format').inputValue()).toBe('gif');
    // quality, background and keepMetadata broke their rules: defaults, and the address says only what holds.
    await expect.poll(() => new URL(app.page.url()).search).toBe('?lng=en&format=gif');
    expect(app.errors).toEqual([]);
  });

  it('saves named presets on the device, applies and deletes them, and keeps them across reloads', async () => {
    const app = await open();
    const { page } = app;
    await page.goto('/image/image-compress?lng=en');
    await page.getByTestId('output-format').selectOption('webp');
    await page.getByTestId('quality').fill('55');
    // The menu opens on demand (its code loads then).
    await page.getByTestId('presets-open').click();
    await page.getByTestId('preset-name').fill('  Web   small ');
    await page.getByTestId('preset-save').click();
    await page.getByTestId('toast').filter({ hasText: tr('en', 'presets.saved') }).waitFor();
    await page.getByTestId('output-format').selectOption('jpeg');
    await page.getByTestId('quality').fill('90');
    await page.getByTestId('preset-name').fill('Print');
    await page.getByTestId('preset-save').click();

    await page.goto('/image/image-compress?lng=en');
    await page.getByTestId('presets-open').click();
    await page.getByTestId('preset-select').waitFor();
    expect(await page.getByTestId('preset-select').locator('option').allTextContents()).toEqual([tr('en', 'presets.choose'), 'Web small', 'Print']);
    await page.getByTestId('preset-select').selectOption('Web small');
    expect(await page.getByTestId('output-format').inputValue()).toBe('webp');
    expect(await page.getByTestId('quality').inputValue()).toBe('55');
    await expect.poll(() => new URL(page.url()).searchParams.get('quality')).toBe('55');

    await page.getByTestId('preset-delete').click();
    expect(await page.getByTestId('preset-select').locator('option').allTextContents()).toEqual([tr('en', 'presets.choose'), 'Print']);
    await page.reload();
    await page.getByTestId('presets-open').click();
    await page.getByTestId('preset-select').waitFor();
    expect(await page.getByTestId('preset-select').locator('option').allTextContents()).toEqual([tr('en', 'presets.choose'), 'Print']);
    expect(app.errors).toEqual([]);
  });

  it('copies a link to a saved preset (PNG → SVG): a fresh profile opens the tool set so, names the preset and offers to save it', async () => {
    const a = await open({ clipboard: true });
    await a.page.goto('/svg/png-to-svg?lng=en');
    await a.page.getByTestId('mode-color').check();
    await a.page.getByTestId('colors').fill('12');
    await expect.poll(() => new URL(a.page.url()).searchParams.get('colors')).toBe('12');
    await a.page.getByTestId('presets-open').click();
    await a.page.getByTestId('preset-name').fill('Logo 12 colours');
    await a.page.getByTestId('preset-save').click();
    await a.page.getByTestId('toast').filter({ hasText: tr('en', 'presets.saved') }).waitFor();
    // The preset is chosen once saved; the settings then change, and the link still carries the preset's own.
    await a.page.getByTestId('mode-bw').check();
    await a.page.getByTestId('preset-link').click();
    await a.page.getByTestId('toast').filter({ hasText: tr('en', 'share.copied') }).waitFor();
    const link = new URL(await a.page.evaluate(() => navigator.clipboard.readText()));
    expect(link.pathname).toBe('/svg/png-to-svg');
    expect(Object.fromEntries(link.searchParams)).toEqual({ lng: 'en', mode: 'color', colors: '12', preset: 'Logo 12 colours' });

    const b = await open();
    await b.page.goto(`${link.pathname}${link.search}`);
    await b.page.getByTestId('preset-from-link').waitFor();
    expect(await b.page.getByTestId('preset-from-link').textContent()).toBe(tr('en', 'presets.fromLink').replace('{{name}}', 'Logo 12 colours'));
    expect(await b.page.getByTestId('mode-color').isChecked()).toBe(true);
    expect(await b.page.getByTestId('colors').inputValue()).toBe('12');
    expect(await b.page.getByTestId('preset-name').inputValue()).toBe('Logo 12 colours');
    expect(await b.page.evaluate(() => localStorage.getItem('localkit-settings:png-to-svg'))).toBeNull();
    await b.page.getByTestId('preset-save').click();
    await b.page.getByTestId('toast').filter({ hasText: tr('en', 'presets.saved') }).waitFor();
    expect(await b.page.getByTestId('preset-select').locator('option').allTextContents()).toEqual([tr('en', 'presets.choose'), 'Logo 12 colours']);
    // A change makes these settings no longer the preset's: the name leaves the address.
    await b.page.getByTestId('mode-bw').check();
    await expect.poll(() => new URL(b.page.url()).searchParams.has('preset')).toBe(false);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it('text diff: the comparison mode and options travel in the link too', async () => {
    const app = await open();
    const { page } = app;
    await page.goto('/text/text-diff?lng=en&mode=word&ignoreCase=true');
    await page.getByTestId('text-input').waitFor();
    expect(await page.getByTestId('mode-word').isChecked()).toBe(true);
    await page.getByTestId('mode-char').check();
    await expect.poll(() => new URL(page.url()).search).toBe('?lng=en&mode=char&ignoreCase=true');
    expect(app.errors).toEqual([]);
  });

  it('word count: the counting mode travels in the link', async () => {
    const app = await open();
    const { page } = app;
    await page.goto('/writer/word-count?lng=en&mode=ja');
    expect(await page.getByTestId('count-mode').inputValue()).toBe('ja');
    await page.getByTestId('count-mode').selectOption('zh');
    await expect.poll(() => new URL(page.url()).search).toBe('?lng=en&mode=zh');
    expect(app.errors).toEqual([]);
  });
});
