import { describe, expect, it } from 'vitest';
import { TOOLS } from '../src/tools/registry';
import { appForSuite } from './support/app';
import { seriousViolations } from './support/axe';
import { tr } from './support/locales';
import { walkInApp } from './support/overflow';

/**
 * Pages that do a first piece of work on their own as they open: judged once it is done. SVG Preview checks and draws
 * its sample in a worker, then enables its download button, whose fade-in axe once measured mid-way.
 */
const FIRST_WORK_DONE: Record<string, string> = { '/svg/svg-preview': '[data-testid="preview-image"]' };

describe('accessibility (axe-core)', () => {
  const app = appForSuite();
  /** The colour scheme the page was last loaded in (none: the next test loads it). */
  let loadedIn: 'light' | 'dark' | undefined;

  it('home has no serious or critical violation at 375 px', async () => {
    await app.page.setViewportSize({ width: 375, height: 740 });
    await app.page.goto('/');
    loadedIn = undefined;
    await app.page.getByTestId('home-title').waitFor();
    expect(await seriousViolations(app.page)).toEqual([]);
    await app.page.setViewportSize({ width: 1280, height: 900 });
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`home has no serious or critical violation (${scheme})`, async () => {
      await app.page.emulateMedia({ colorScheme: scheme });
      await app.page.goto('/');
      loadedIn = scheme;
      await app.page.getByTestId('home-title').waitFor();
      expect(await seriousViolations(app.page)).toEqual([]);
    });

    for (const tool of TOOLS) {
      it(`${tool.path} has no serious or critical violation (${scheme})`, async () => {
        const { page } = app;
        // The colour scheme applies as a page loads: a page loaded in this scheme moves to the tool in the app, as
        // its links do (every tool route is loaded in full by the routes, offline and stored-values specs).
        if (loadedIn !== scheme) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.goto(tool.path);
          loadedIn = scheme;
        } else await walkInApp(page, tool.path);
        const name = tr('en', `tools.${tool.id}.name`);
        await page.waitForFunction((h) => document.querySelector('[data-testid="tool-title"]')?.textContent === h && !document.querySelector('[data-testid="loading"]'), name, { polling: 'raf', timeout: 30_000 });
        await page.locator('[data-testid="text-input"], [data-testid="file-input"]').first().waitFor({ state: 'attached' });
        if (FIRST_WORK_DONE[tool.path]) await page.locator(FIRST_WORK_DONE[tool.path]).waitFor({ timeout: 30_000 });
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }
});
