import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../src/tools/registry';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';

describe('offline after the first visit', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    expect(foreignRequests(app)).toEqual([]);
    await app.close();
  });

  it('installs the service worker and says it is ready offline', async () => {
    const { page } = app;
    await page.goto('/');
    await page.getByTestId('toast').filter({ hasText: tr('en', 'pwa.offlineReady') }).waitFor({ timeout: 30_000 });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${app.baseURL}/`);
  });

  it('loads the shell and every tool with the network cut', async () => {
    const { page, context } = app;
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByTestId('home-title').waitFor();
      for (const tool of TOOLS) {
        await page.goto(tool.path);
        await page.getByTestId('tool-title').waitFor();
        expect(await page.getByTestId('tool-title').textContent()).toBe(tr('en', `tools.${tool.id}.name`));
      }
      await page.goto('/writer/word-count');
      await page.getByTestId('text-input').fill('works without a network');
      await expect.poll(() => page.getByTestId('stat-words').getAttribute('data-value')).toBe('4');
      // Another language, never loaded before, is precached too.
      await page.getByTestId('language-picker').selectOption('ko');
      await expect.poll(() => page.getByTestId('tool-title').textContent()).toBe(tr('ko', 'tools.word-count.name'));
    } finally {
      await context.setOffline(false);
    }
  });
});
