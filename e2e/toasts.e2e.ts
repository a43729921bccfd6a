import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appForSuite } from './support/app';
import { tr } from './support/locales';
import { rows } from './support/results';

const photo = readFileSync(path.resolve('src/tools/image/mosaic/fixtures/coffee.png'));
const svg = (fill: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><!-- x --><rect width="40" height="40" fill="${fill}"/></svg>`);

/** The page's controls and results that the shown toasts cover, each with the area covered (px²). */
function covered(page: Page) {
  return page.evaluate(() => {
    const shown = [...document.querySelectorAll('[data-testid="toast"]')].filter((t) => getComputedStyle(t).visibility !== 'hidden');
    const toasts = shown.map((t) => t.getBoundingClientRect());
    const inMain = 'button, a[href], input:not([type="hidden"]), select, textarea, canvas, img, h1, [data-testid="result-row"], [data-testid="text-output"]';
    // The header's own controls count too where the header has room for the toast beside them (from 640 px).
    const things = [...inMain.split(', ').map((s) => `main ${s}`), ...(window.innerWidth >= 640 ? ['header button', 'header a[href]', 'header select'] : [])].join(', ');
    const out: string[] = [];
    for (const el of document.querySelectorAll(things)) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      for (const t of toasts) {
        const x = Math.min(r.right, t.right) - Math.max(r.left, t.left);
        const y = Math.min(r.bottom, t.bottom) - Math.max(r.top, t.top);
        if (x > 0 && y > 0) out.push(`${el.tagName.toLowerCase()}[data-testid=${el.getAttribute('data-testid')}] ${Math.round(x * y)} px²`);
      }
    }
    return { toasts: toasts.length, out };
  });
}

/** Adds the tool to favorites, which says so in a toast, and waits for the toast to settle in its place. */
async function showToast(page: Page) {
  await page.getByTestId('favorite').click();
  await page.getByTestId('toast').first().waitFor();
  await page.waitForTimeout(400); // the enter animation
}

describe('toasts', () => {
  const app = appForSuite();

  it('on the first visit, "Ready to work offline" covers neither the title nor a control', async () => {
    const { page } = app;
    await page.goto('/');
    await page.getByTestId('toast').filter({ hasText: tr('en', 'pwa.offlineReady') }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(400); // the enter animation
    const result = await covered(page);
    expect(result.toasts).toBe(1);
    expect(result.out).toEqual([]);
  });

  it('at 1280 px show in one place on every page, covering no title, control or result', async () => {
    const { page } = app;
    const spots: Record<string, string> = {};
    const found: string[] = [];
    for (const route of ['/writer/word-count', '/image/image-compress', '/svg/svg-to-pdf', '/date/date-utils']) {
      await page.goto(route);
      await page.getByTestId('tool-title').waitFor();
      await showToast(page);
      const box = (await page.getByTestId('toast-viewport').boundingBox())!;
      spots[route] = `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}`;
      found.push(...(await covered(page)).out.map((o) => `${route}: ${o}`));
      await page.getByTestId('favorite').click(); // back to no favorites
    }
    expect(found).toEqual([]);
    expect(new Set(Object.values(spots)).size, JSON.stringify(spots)).toBe(1);
  });

  it('name their region in the page language with the real hotkey, never a raw {hotkey}', async () => {
    const { page } = app;
    await page.goto('/writer/word-count?lng=de');
    await page.getByTestId('tool-title').waitFor();
    await showToast(page);
    const region = tr('de', 'toast.region').replace('{hotkey}', 'F8');
    expect(region).toBe('Benachrichtigungen (F8)');
    expect(await page.getByRole('region', { name: region }).count()).toBe(1);
    const html = await page.evaluate(() => document.documentElement.outerHTML);
    expect(html).not.toContain('{hotkey}');
    expect(html).not.toContain('Notifications (');
    await page.getByTestId('favorite').click(); // back to no favorites for the next tests
  });

  it('at 1280 px cover none of the result rows or controls of a file tool', async () => {
    const { page } = app;
    await page.goto('/svg/svg-optimizer?lng=en');
    await page.getByTestId('file-input').setInputFiles(['red', 'green', 'blue', 'black'].map((c) => ({ name: `${c}.svg`, mimeType: 'image/svg+xml', buffer: svg(c) })));
    await expect.poll(() => rows(page, 'done').count(), { timeout: 30_000 }).toBe(4);
    await rows(page).last().scrollIntoViewIfNeeded();
    await showToast(page);
    const result = await covered(page);
    expect(result.toasts).toBeGreaterThan(0);
    expect(result.out).toEqual([]);
  });

  it('at 1280 px leave the mosaic canvas and its toolbar free', async () => {
    const { page } = app;
    await page.goto('/image/image-mosaic');
    await page.getByTestId('file-input').setInputFiles([{ name: 'coffee.png', mimeType: 'image/png', buffer: photo }]);
    await page.getByTestId('mosaic-surface').waitFor();
    await showToast(page);
    const result = await covered(page);
    expect(result.toasts).toBeGreaterThan(0);
    expect(result.out).toEqual([]);
  });

  it('at 375 px sit over the header band rather than over the results', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/svg/svg-optimizer');
    await page.getByTestId('file-input').setInputFiles(['red', 'green', 'blue'].map((c) => ({ name: `${c}.svg`, mimeType: 'image/svg+xml', buffer: svg(c) })));
    await expect.poll(() => rows(page, 'done').count(), { timeout: 30_000 }).toBe(3);
    await rows(page).first().scrollIntoViewIfNeeded();
    await showToast(page);
    const result = await covered(page);
    expect(result.toasts).toBeGreaterThan(0);
    expect(result.out).toEqual([]);
    expect(await page.getByTestId('toast-viewport').getAttribute('data-spot')).toBe('header');
    // A second toast (favorite taken back) while the first shows: the band shows the newest only.
    await page.getByTestId('favorite').click();
    await expect.poll(() => page.getByTestId('toast').count()).toBeGreaterThan(1);
    await page.waitForTimeout(400);
    const two = await covered(page);
    expect(two.toasts).toBe(1);
    // The one shown is the newest ("Removed from favorites", or "Ready to work offline" if the app finished
    // installing meanwhile).
    const shown = await page.evaluate(() => [...document.querySelectorAll('[data-testid="toast"]')].filter((t) => getComputedStyle(t).visibility !== 'hidden').map((t) => t.hasAttribute('data-newest')));
    expect(shown).toEqual([true]);
    // ...and it fits inside the band, its lines cut short if need be.
    const [toastBottom, headerBottom] = await page.evaluate(() => [
      Math.max(...[...document.querySelectorAll('[data-testid="toast"][data-newest]')].map((t) => t.getBoundingClientRect().bottom)),
      document.querySelector('header')!.getBoundingClientRect().bottom,
    ]);
    expect(toastBottom).toBeLessThanOrEqual(headerBottom);
    expect(two.out).toEqual([]);
  });
});
