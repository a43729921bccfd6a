import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../src/tools/registry';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { LANGS, tr } from './support/locales';
import { measureOverflow, navigateInApp, type OverflowReport } from './support/overflow';

const problems = (where: string, r: OverflowReport) => [
  ...(r.scrollWidth > r.viewport ? [`${where}: page is ${r.scrollWidth} px wide in a ${r.viewport} px viewport; ${r.wide.join('; ')}`] : []),
  ...r.clipped.map((c) => `${where}: text does not fit: ${c}`),
  ...r.wrapped.map((w) => `${where}: header text wraps: ${w}`),
];

/** Waits until the route's own content has rendered (no loading placeholder left). */
async function settle(app: AppSession, heading: string) {
  const { page } = app;
  // Read without waiting: a locator's textContent waits for the element itself (30 s), past the poll's own bound.
  // The first language loads every chunk cold, which on a loaded 2-core machine took over 15 s for one route.
  await expect.poll(() => page.evaluate(() => document.querySelector('h1')?.textContent ?? null), { timeout: 45_000 }).toBe(heading);
  await expect.poll(() => page.getByTestId('loading').count(), { timeout: 15_000 }).toBe(0);
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
}

// At 375 px, every page in every language fits the viewport and every text fits its box.
describe('narrow screens (375 px), every route in every language', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp({ viewport: { width: 375, height: 740 } });
  });
  afterAll(async () => {
    expect(foreignRequests(app)).toEqual([]);
    await app.close();
  });

  for (const lng of LANGS) {
    it(`${lng}: nothing wider than the viewport, no clipped text`, async () => {
      const { page } = app;
      const found: string[] = [];
      await page.goto(`/?lng=${lng}`);
      await settle(app, tr(lng, 'brand.name'));
      found.push(...problems(`${lng} /`, await measureOverflow(page)));
      for (const tool of TOOLS) {
        await navigateInApp(page, tool.path);
        await settle(app, tr(lng, `tools.${tool.id}.name`));
        found.push(...problems(`${lng} ${tool.path}`, await measureOverflow(page)));
      }
      await navigateInApp(page, '/privacy');
      await settle(app, tr(lng, 'privacy.title'));
      found.push(...problems(`${lng} /privacy`, await measureOverflow(page)));
      await navigateInApp(page, '/no/such/page');
      await settle(app, tr(lng, 'notFound.title'));
      found.push(...problems(`${lng} 404`, await measureOverflow(page)));
      expect(found).toEqual([]);
    }, 240_000); // 26 pages; about 25 s on an idle 2-core machine, the first language loads every chunk cold
  }
});

// Wider screens show the search button's label and shortcut: neither may wrap in any language.
describe('the header from 640 to 1280 px', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app.close();
  });

  for (const lng of LANGS) {
    it(`${lng}: every header text stays on one line`, async () => {
      const { page } = app;
      if (!page.url().includes('/writer/word-count')) await page.goto('/writer/word-count');
      await page.getByTestId('language-picker').selectOption(lng);
      await settle(app, tr(lng, 'tools.word-count.name'));
      const found: string[] = [];
      for (const width of [640, 768, 1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        found.push(...problems(`${lng} @${width}`, await measureOverflow(page)));
        const search = (await page.getByTestId('open-search').boundingBox())!;
        if (search.height > 40) found.push(`${lng} @${width}: search button is ${search.height} px tall`);
      }
      expect(found).toEqual([]);
    });
  }
});

// The home page lists every tool once in the catalogue; the shortcut sections above it stay short and never repeat.
describe('the home page', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const cards = (page: AppSession['page'], section: string) => page.locator(`[data-testid^="${section}"] [data-testid="tool-card"]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')!));

  it('shows each tool once in its category and at most once among favorites, recent, popular and updated', async () => {
    const { page } = app;
    await page.goto('/');
    await page.getByTestId('home-title').waitFor();
    const catalogue = await cards(page, 'home-category-');
    expect([...catalogue].sort()).toEqual(TOOLS.map((t) => t.id).sort());
    const shortcuts = await cards(page, 'home-popular');
    shortcuts.push(...(await cards(page, 'home-updated')));
    expect(shortcuts.length).toBeGreaterThan(0);
    expect(shortcuts.length).toBeLessThanOrEqual(8);
    expect(new Set(shortcuts).size).toBe(shortcuts.length);
    console.log(`home: ${catalogue.length + shortcuts.length} cards for ${TOOLS.length} tools on a fresh device`);

    // After using two tools, they move to "recently used" and leave the other shortcut sections.
    const used = [shortcuts[0], TOOLS.at(-1)!.id];
    for (const id of used) {
      await page.goto(TOOLS.find((t) => t.id === id)!.path);
      await page.getByTestId('tool-title').waitFor();
    }
    await page.goto('/');
    await page.getByTestId('home-recent').waitFor();
    expect(await cards(page, 'home-recent')).toEqual([...used].reverse());
    const others = [...(await cards(page, 'home-popular')), ...(await cards(page, 'home-updated'))];
    expect(others.filter((id) => used.includes(id))).toEqual([]);
    expect(await cards(page, 'home-category-')).toHaveLength(TOOLS.length);
  });
});
