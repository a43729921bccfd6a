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
      // The diff's worker and the converter's worker and dictionaries come from the precache too.
      await page.goto('/text/text-diff');
      await page.getByTestId('text-input').fill('alpha\nbeta\n');
      await page.getByTestId('text-input-b').fill('alpha\ngamma\n');
      await expect.poll(() => page.getByTestId('added-count').getAttribute('data-value')).toBe('1');
      await page.goto('/text/text-converter');
      await page.getByTestId('mode').selectOption('s2t');
      await page.getByTestId('text-input').fill('简体中文');
      await expect.poll(() => page.getByTestId('text-output').inputValue(), { timeout: 20_000 }).toBe('簡體中文');
      await page.goto('/writer/word-count');
      // Another language, never loaded before, is precached too.
      await page.getByTestId('language-picker').selectOption('ko');
      await expect.poll(() => page.getByTestId('tool-title').textContent()).toBe(tr('ko', 'tools.word-count.name'));
    } finally {
      await context.setOffline(false);
    }
  });
});
