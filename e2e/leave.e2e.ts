// Leaving a page that holds results not downloaded yet asks first, for links and for the browser's Back button.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { rows } from './support/results';

const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><!-- x --><rect width="40" height="40" fill="red"/></svg>');

describe('leave guard', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp({ serviceWorkers: 'block' });
  });
  afterAll(async () => {
    expect(app.errors).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
    await app.close();
  });

  it('Back asks before dropping results not downloaded; Stay keeps page and results, Leave goes back', async () => {
    const { page } = app;
    await page.goto('/');
    await page.locator('main a[href="/svg/svg-optimizer"]').first().click();
    await page.getByTestId('file-input').setInputFiles([{ name: 'red.svg', mimeType: 'image/svg+xml', buffer: svg }]);
    await expect.poll(() => rows(page, 'done').count(), { timeout: 30_000 }).toBe(1);
    const path = () => new URL(page.url()).pathname;
    const dialog = page.getByTestId('leave-dialog');

    await page.evaluate(() => history.back());
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(tr('en', 'leave.results'));
    expect(path()).toBe('/svg/svg-optimizer');
    await page.getByTestId('leave-stay').click();
    await dialog.waitFor({ state: 'detached' });
    expect(path()).toBe('/svg/svg-optimizer');
    expect(await rows(page, 'done').count()).toBe(1);

    // Asked again on the next try (the entry the user stays on is still the current one), and Leave goes.
    await page.evaluate(() => history.back());
    await dialog.waitFor();
    await page.getByTestId('leave-confirm').click();
    await expect.poll(path).toBe('/');
    await page.getByTestId('tool-card').first().waitFor();

    // Forward to the tool again: nothing held now, so nothing is asked.
    await page.evaluate(() => history.forward());
    await expect.poll(path).toBe('/svg/svg-optimizer');
    await page.getByTestId('file-input').waitFor({ state: 'attached' });
    expect(await dialog.count()).toBe(0);
  });
});
