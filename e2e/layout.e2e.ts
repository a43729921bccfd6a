import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../src/tools/registry';
import { appForSuite, type AppSession } from './support/app';
import { LANGS, tr } from './support/locales';
import { measureOverflow, walkInApp, type OverflowReport } from './support/overflow';

const problems = (where: string, r: OverflowReport) => [
  ...(r.scrollWidth > r.viewport ? [`${where}: page is ${r.scrollWidth} px wide in a ${r.viewport} px viewport; ${r.wide.join('; ')}`] : []),
  ...r.clipped.map((c) => `${where}: text does not fit: ${c}`),
  ...r.wrapped.map((w) => `${where}: header text wraps: ${w}`),
];

/**
 * Waits until the route's own content has rendered: its heading shows and no loading placeholder is left. Checked in
 * the page at every frame (a poll from Node waited up to a second between looks: 26 routes × 6 languages of it).
 */
async function settle(app: AppSession, heading: string) {
  const { page } = app;
  const where = page.url();
  // The first language loads every chunk cold, which on a loaded 2-core machine took over 15 s for one route.
  await page
    .waitForFunction((h) => document.querySelector('h1')?.textContent === h && !document.querySelector('[data-testid="loading"]'), heading, { polling: 'raf', timeout: 45_000 })
    .catch(async () => {
      // How the document came to be (a 'reload' here is the app's own after a chunk failed to load) and the last
      // errors (a held in-app move once left the document for an English one).
      const seen = await page.evaluate(() => ({ h1: document.querySelector('h1')?.textContent ?? null, loading: document.querySelectorAll('[data-testid="loading"]').length, loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type }));
      throw new Error(`${where}: heading ${JSON.stringify(seen.h1)} (want ${JSON.stringify(heading)}), ${seen.loading} loading placeholder(s) left after 45 s; document by ${seen.loaded}; errors: ${app.errors.slice(-3).join(' | ') || 'none'}`);
    });
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
}

/** Switches the UI language as the user does, with the header's picker (no reload), and waits for `heading`. */
async function pickLanguage(app: AppSession, lng: string, heading: string) {
  await app.page.getByTestId('language-picker').selectOption(lng);
  // zh and zh-TW share many strings (a tool's name among them), so the heading alone cannot say the switch is done.
  await app.page.waitForFunction((want) => document.documentElement.lang === want, lng, { timeout: 45_000 });
  await settle(app, heading);
}

// At 375 px, every page in every language fits the viewport and every text fits its box.
describe('narrow screens (375 px), every route in every language', () => {
  const app = appForSuite({ viewport: { width: 375, height: 740 } });

  for (const lng of LANGS) {
    it(`${lng}: nothing wider than the viewport, no clipped text`, async () => {
      const { page } = app;
      const found: string[] = [];
      await page.goto(`/?lng=${lng}`);
      await settle(app, tr(lng, 'brand.name'));
      found.push(...problems(`${lng} /`, await measureOverflow(page)));
      for (const tool of TOOLS) {
        await walkInApp(page, tool.path);
        await settle(app, tr(lng, `tools.${tool.id}.name`));
        found.push(...problems(`${lng} ${tool.path}`, await measureOverflow(page)));
      }
      await walkInApp(page, '/privacy');
      await settle(app, tr(lng, 'privacy.title'));
      found.push(...problems(`${lng} /privacy`, await measureOverflow(page)));
      await walkInApp(page, '/no/such/page');
      await settle(app, tr(lng, 'notFound.title'));
      found.push(...problems(`${lng} 404`, await measureOverflow(page)));
      expect(found).toEqual([]);
    }, 240_000); // 26 pages; about 25 s on an idle 2-core machine, the first language loads every chunk cold
  }
});

// Wider screens show the search button's label and shortcut: neither may wrap in any language.
describe('the header from 640 to 1280 px', () => {
  const app = appForSuite();

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
  const app = appForSuite();

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

const coffee = { name: 'coffee.jpg', mimeType: 'image/jpeg', buffer: readFileSync(path.resolve('src/tools/image/removebg/fixtures/coffee.jpg')) };
const coffeePng = { name: 'coffee.png', mimeType: 'image/png', buffer: readFileSync(path.resolve('src/engines/codecs/fixtures/coffee.png')) };

// A drop on a phone: the result rows, the compare view and its toolbar fit 375 px in every language. Each tool
// gets one drop, in a tab of its own (leaving a page with undownloaded results asks first), and each language is
// then picked in the header as the user does: rows keep message keys and facts, not text, so they render anew in
// the language picked (checked: the row's status reads in that language), as after a drop in it.
describe('narrow screens (375 px) after a drop, in every language', () => {
  const app = appForSuite({ viewport: { width: 375, height: 740 } });
  const TOOLS_DROPPED = ['image-compress', 'image-resize'] as const;
  let dropped: Promise<AppSession['page'][]> | undefined;

  /** One tab per tool with the photo dropped and done (made once, by whichever language runs first). */
  const droppedPages = () =>
    (dropped ??= (async () => {
      const pages: AppSession['page'][] = [];
      for (const [i, tool] of TOOLS_DROPPED.entries()) {
        const page = i === 0 ? app.page : await app.context.newPage();
        await page.goto(`${TOOLS.find((t) => t.id === tool)!.path}?lng=en`);
        await settle({ ...app, page }, tr('en', `tools.${tool}.name`));
        await page.getByTestId('file-input').setInputFiles([coffee]);
        await expect.poll(() => page.locator('[data-testid="result-row"][data-status="done"]').count(), { timeout: 45_000 }).toBe(1);
        pages.push(page);
      }
      return pages;
    })());

  for (const lng of LANGS) {
    it(`${lng}: image compressor and resizer with results are no wider than the viewport`, async () => {
      const found: string[] = [];
      for (const [i, page] of (await droppedPages()).entries()) {
        const tool = TOOLS_DROPPED[i];
        await page.bringToFront();
        await pickLanguage({ ...app, page }, lng, tr(lng, `tools.${tool}.name`));
        expect(await page.locator('[data-testid="result-row"][data-status="done"]').count()).toBe(1);
        await expect.poll(() => page.locator('[data-testid="result-row"]').getByText(tr(lng, 'status.done'), { exact: true }).count()).toBe(1);
        if (tool === 'image-compress') await page.getByTestId('compare').waitFor();
        const r = await measureOverflow(page);
        if (r.scrollWidth > r.viewport) found.push(`${lng} ${tool}: page is ${r.scrollWidth} px wide; ${r.wide.join('; ')}`);
      }
      expect(found).toEqual([]);
    }, 120_000);
  }
});

// Each UI language breaks lines by its own rules, and a tool's description takes the phone's full width.
describe('line breaking by language', () => {
  const app = appForSuite({ viewport: { width: 375, height: 740 } });

  it('sets the page language and each language its line-breaking rules', async () => {
    const { page } = app;
    const seen: Record<string, string> = {};
    // The first language by a load, the rest picked in the header (no reload) as the user does.
    await page.goto(`/date/date-utils?lng=${LANGS[0]}`);
    for (const lng of LANGS) {
      await pickLanguage(app, lng, tr(lng, 'tools.date-utils.name'));
      seen[lng] = await page.evaluate(() => {
        const p = getComputedStyle(document.querySelector('[data-testid="tool-description"]')!);
        const box = document.querySelector('[data-testid="tool-description"]')!.getBoundingClientRect();
        return `${document.documentElement.lang} ${p.hyphens} ${p.wordBreak} ${p.lineBreak} ${Math.round(box.width)}`;
      });
    }
    // 375 px less the main column's padding: the description runs the full width, not a column beside the buttons.
    expect(seen).toEqual({
      en: 'en manual normal auto 343',
      zh: 'zh manual normal strict 343',
      'zh-TW': 'zh-TW manual normal strict 343',
      ja: 'ja manual normal strict 343',
      de: 'de auto normal auto 343',
      ko: 'ko manual keep-all auto 343',
    });
  });
});

// After a drop at 1280×800 the first result row and the batch's summary come into view; later progress does not
// move a page the user has scrolled back up.
describe('results after a drop', () => {
  const app = appForSuite({ viewport: { width: 1280, height: 800 } });

  const inView = (page: AppSession['page']) =>
    page.evaluate(() => {
      const header = document.querySelector('header')!.getBoundingClientRect().bottom;
      const row = document.querySelector('[data-testid="result-row"]')!.getBoundingClientRect();
      const summary = document.querySelector('[data-testid="result-summary"]')!.getBoundingClientRect();
      return row.bottom <= window.innerHeight && summary.top >= header;
    });

  it('brings the first result row and the summary into view, once', async () => {
    const { page } = app;
    await page.goto('/image/image-compress');
    await settle(app, tr('en', 'tools.image-compress.name'));
    await page.getByTestId('output-format').selectOption('avif'); // slow enough to be still working below
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const below = await page.evaluate(() => document.querySelector('[data-testid="file-drop"]')!.getBoundingClientRect().bottom);
    await page.getByTestId('file-input').setInputFiles([coffee, coffeePng]);
    await expect.poll(() => inView(page), { timeout: 10_000 }).toBe(true);
    console.log(`drop zone ended at ${Math.round(below)} px of 800; after the drop the page scrolled ${await page.evaluate(() => window.scrollY)} px`);
    // The bringing into view is a smooth scroll: the row is in view before it ends. Once it has (the same offset
    // over 200 ms), the user scrolls back up to the settings while the batch runs: progress and results leave the
    // page where it is. (Scrolling up mid-animation left the page at 1 px in one run of three.)
    let last = -1;
    await expect.poll(async () => { const y = await page.evaluate(() => window.scrollY); const still = y === last; last = y; return still; }, { timeout: 10_000, interval: 200 }).toBe(true);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const working = await page.locator('[data-testid="result-row"][data-status="working"]').count();
    await expect.poll(() => page.locator('[data-testid="result-row"][data-status="done"]').count(), { timeout: 90_000 }).toBe(2);
    console.log(`scrolled up with ${working} row(s) still working`);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  }, 120_000);
});

// The preset name field shows its whole placeholder in every language, at 1280 px and at 375 px.
describe('the preset name field', () => {
  const app = appForSuite();

  it('is wide enough for its placeholder in every language', async () => {
    const { page } = app;
    const cut: string[] = [];
    // One load; each language picked in the header (no reload), the field measured at both widths.
    await page.goto(`/image/image-compress?lng=${LANGS[0]}`);
    for (const lng of LANGS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await pickLanguage(app, lng, tr(lng, 'tools.image-compress.name'));
      if (!(await page.getByTestId('preset-name').isVisible())) await page.getByTestId('presets-open').click();
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await page.getByTestId('preset-name').getAttribute('placeholder')).toBe(tr(lng, 'presets.namePlaceholder'));
        const [text, room] = await page.getByTestId('preset-name').evaluate((input: HTMLInputElement) => {
          const style = getComputedStyle(input);
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = style.font;
          return [ctx.measureText(input.placeholder).width, input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)];
        });
        if (text > room) cut.push(`${lng} @${width}: placeholder ${Math.ceil(text)} px in ${Math.floor(room)} px`);
      }
    }
    expect(cut).toEqual([]);
  }, 120_000);
});

// The visual-quality levels' names (the longest are German and Japanese) on a phone: each level chosen in turn, its
// name not cut off in the closed list box (a native select clips silently, so its text is measured against its
// box), its bounds line and the hint within the viewport, no text clipped.
describe("narrow screens (375 px): the image compressor's visual-quality levels in German and Japanese", () => {
  const app = appForSuite({ viewport: { width: 375, height: 740 } });

  for (const lng of ['de', 'ja'] as const) {
    it(`${lng}: every level's name and bounds fit`, async () => {
      const { page } = app;
      await page.goto(`${TOOLS.find((t) => t.id === 'image-compress')!.path}?lng=${lng}`);
      await settle(app, tr(lng, 'tools.image-compress.name'));
      await page.getByTestId('mode-ssim').check();
      const select = page.getByTestId('target-ssim');
      const found: string[] = [];
      for (const level of ['70', '80', '85', '90']) {
        await select.selectOption(level);
        const fit = await select.evaluate((el: HTMLSelectElement) => {
          const s = getComputedStyle(el);
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
          const text = el.selectedOptions[0].textContent!;
          // The text's room: the box less its padding (the arrow sits in the right padding).
          const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
          return { text, width: Math.ceil(ctx.measureText(text).width), room };
        });
        expect(fit.text).toBe(tr(lng, `settings.scoreLevel.s${level}`, 'image-codecs'));
        if (fit.width > fit.room) found.push(`${lng} level ${level}: "${fit.text}" is ${fit.width} px in a ${fit.room} px list box`);
        await expect.poll(() => page.getByTestId('level-bounds').textContent()).toBe(`SSIMULACRA2 ${level} · butteraugli ≤ ${{ 70: 4.5, 80: 3, 85: 2.5, 90: 2 }[level]}`);
        found.push(...problems(`${lng} level ${level}`, await measureOverflow(page)));
      }
      expect(found).toEqual([]);
    }, 60_000);
  }
});
