// Whatever localStorage holds, no page is left unusable: every tool's stored settings are checked on load
// and fall back to the defaults field by field; favorites, recent tools, theme and language too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../src/tools/registry';
import { file, inspect, settle } from './image-support';
import { openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { download, row } from './support/results';
import { SVG_FIXTURES } from './svg-tools-helpers';
import { fixture as mediaFixture } from './video-compress-helpers';

type Settings = Record<string, unknown>;

/** Values no settings field should take as they are (a negative one far out of range: -1 is a valid pitch shift). */
const GARBAGE: unknown[] = [1e308, -1e6, 'NaN', 'wrong-enum-value', { nested: { deep: [1] } }, [1, 2, 3], null, '1e308', -1e308, 'Infinity'];
/** Stored texts that are no settings object at all. */
const RAW_GARBAGE = ['null', '5', '"str"', '[1,2]', 'not json', '{"__proto__":{"width":1e308,"polluted":1},"constructor":{"prototype":{"x":1}}}'];

async function storedSettings(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('localkit-settings:')).map((k) => [k, localStorage.getItem(k)!])));
}

async function seed(page: Page, entries: Record<string, string>): Promise<void> {
  await page.evaluate((e) => Object.entries(e).forEach(([k, v]) => localStorage.setItem(k, v)), entries);
}

/**
 * Garbage for every field of every tool's settings. Each round shifts the values by half the list and each tool by
 * its place: over two rounds a field meets two values and every value meets fields of many tools (18 passes over
 * every tool took 393 s of a 35-minute CI run with 28 tools; 3 passes now: two of settings, one of raw values).
 */
function garbageFor(defaults: Record<string, Settings>, round: number): Record<string, string> {
  return Object.fromEntries(
    Object.entries(defaults).map(([key, d], k) => {
      const fields = Object.keys(d).map((f, i) => `${JSON.stringify(f)}:${JSON.stringify(GARBAGE[(i + k + round * 5) % GARBAGE.length])}`);
      return [key, `{${fields.join(',')},"__proto__":{"polluted":true},"extra":{"a":[1]}}`];
    }),
  );
}

/**
 * Opens a tool and checks that it rendered: its title, no crashed page, no uncaught error. `inApp`: moved to by the
 * app's router (as a click on a link does) instead of a fresh page load; the tool's page mounts either way and reads
 * its stored settings, kept text and presets then (useStoredSettings, useStoredInput, presets read on mount).
 */
async function opens(app: AppSession, toolPath: string, toolId: string, inApp = false): Promise<void> {
  const before = app.errors.length;
  const title = app.page.getByTestId('tool-title');
  if (inApp) {
    await app.page.evaluate((p) => {
      history.pushState(null, '', p);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, toolPath);
    // The router may keep the page it leaves on screen until the next one has loaded: wait for the next one's title.
    // (A wait in the page, not expect.poll: the defaults are gathered this way in a beforeAll.)
    await app.page.waitForFunction((name) => document.querySelector('[data-testid="tool-title"]')?.textContent === name, tr('en', `tools.${toolId}.name`), { timeout: 20_000 });
  } else {
    await app.page.goto(toolPath);
    await title.waitFor();
  }
  expect(await title.textContent()).toBe(tr('en', `tools.${toolId}.name`));
  if (inApp) expect([new URL(app.page.url()).pathname, await app.page.locator('[data-tool-page]').getAttribute('data-tool-page')]).toEqual([toolPath, toolId]);
  // The page itself is lazy: wait until it has replaced the loading placeholder and run its effects.
  await app.page.locator('[data-tool-page] [data-testid="loading"]').first().waitFor({ state: 'detached', timeout: 20_000 });
  await app.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  expect(await app.page.getByTestId('page-error').count(), toolId).toBe(0);
  expect(app.errors.slice(before).filter((e) => e.startsWith('pageerror')), toolId).toEqual([]);
}

/** Opens the tool with this id at its registry path. */
const openTool = (app: AppSession, id: string) => opens(app, TOOLS.find((t) => t.id === id)!.path, id);

/** Passes over every tool with garbage stored (settings rounds and the raw pass, counted together). */
const GARBAGE_PASSES = 3;
/**
 * One pass over every tool. A fresh page load costs about three times an in-app move on this machine, so each pass
 * loads a third of the tools fresh (a different third each pass: over the three passes every tool is opened on a fresh
 * page with garbage stored once) and reaches the rest through the router; every visit mounts the tool's page.
 * The first visit of a pass is always a fresh load: the app itself starts with that pass's garbage stored.
 */
async function pass(app: AppSession, n: number): Promise<void> {
  for (const [t, tool] of TOOLS.entries()) await opens(app, tool.path, tool.id, t > 0 && t % GARBAGE_PASSES !== n % GARBAGE_PASSES);
}

describe('stored values never leave a tool unusable', () => {
  let app: AppSession;
  /** What each tool writes on a clean first visit: its defaults, by storage key. */
  const defaults: Record<string, Settings> = {};

  beforeAll(async () => {
    app = await openApp({ serviceWorkers: 'block' });
    // Leaving a page whose result was not downloaded asks first (the app's own question): this spec moves on.
    app.page.on('dialog', (d) => void (d.type() === 'beforeunload' ? d.accept() : d.dismiss()));
    await app.page.goto('/');
    // A tool's page writes its defaults when it mounts, whether a fresh load or the router brought it there: one
    // fresh load, the rest in-app (the garbage passes open every tool on a fresh page once).
    for (const [t, tool] of TOOLS.entries()) await opens(app, tool.path, tool.id, t > 0);
    for (const [key, raw] of Object.entries(await storedSettings(app.page))) defaults[key] = JSON.parse(raw);
  }, 240_000);
  afterAll(async () => {
    await app?.close();
  });

  it('knows the stored settings of every tool that keeps any', () => {
    expect(Object.keys(defaults).length).toBeGreaterThanOrEqual(15);
    expect(Object.keys(defaults)).toContain('localkit-settings:image-resize');
  });

  // Kept text inputs and named presets get garbage in the same visits as the settings (three passes in all, each tool
  // meeting a different value of the list each time): one visit per tool and pass (see `pass`).
  const INPUT_GARBAGE = [...RAW_GARBAGE, '{"text":5,"b":{"x":1}}', '[{"name":5},{"name":"ok","settings":7},{"settings":{}},"x",null]'];
  const inputGarbage = (pass: number) =>
    Object.fromEntries(
      TOOLS.flatMap((tool, t) => {
        const raw = INPUT_GARBAGE[(t + pass * 3) % INPUT_GARBAGE.length];
        return [[`localkit-input:${tool.id}`, raw], [`localkit-presets:${tool.id}`, raw]];
      }),
    );

  it('renders every tool with garbage in every settings field, kept text and presets, and writes back only values that fit', async () => {
    for (let round = 0; round < 2; round++) {
      const seeded = garbageFor(defaults, round);
      await seed(app.page, { ...seeded, ...inputGarbage(round) });
      await pass(app, round);
      const after = await storedSettings(app.page);
      for (const [key, d] of Object.entries(defaults)) {
        const stored = JSON.parse(after[key]) as Settings;
        expect(Object.keys(stored).sort(), key).toEqual(Object.keys(d).sort());
        for (const [field, value] of Object.entries(d)) {
          // Text fields may keep a garbage string (it is a valid text); every other field is back to its default.
          if (typeof value === 'string' && typeof stored[field] === 'string' && !/color|background/i.test(field)) continue;
          expect(stored[field], `${key}.${field} after round ${round}`).toEqual(value);
        }
      }
    }
    expect(await app.page.evaluate(() => ({}) as Record<string, unknown>)).not.toHaveProperty('polluted');
  }, Math.max(300_000, TOOLS.length * 10_000));

  it('renders every tool when its stored settings are no object at all, whatever its kept text and presets hold', async () => {
    // One pass: whatever the text, a stored value that is no object takes the same path; each value meets many tools
    // (three passes took 69 s of a 49-minute CI run with 49 tools).
    const rawFor = (k: number, pass: number) => RAW_GARBAGE[(k + pass * 2) % RAW_GARBAGE.length];
    for (let p = 0; p < 1; p++) {
      await seed(app.page, { ...Object.fromEntries(Object.keys(defaults).map((key, k) => [key, rawFor(k, p)])), ...inputGarbage(p + 2) });
      await pass(app, p + 2);
      const after = await storedSettings(app.page);
      Object.entries(defaults).forEach(([key, d], k) => expect(JSON.parse(after[key]), `${key} from ${rawFor(k, p)}`).toEqual(d));
    }
    expect(await app.page.evaluate(() => ({}) as Record<string, unknown>)).not.toHaveProperty('polluted');
    await app.page.evaluate(() => Object.keys(localStorage).filter((k) => /^localkit-(input|presets):/.test(k)).forEach((k) => localStorage.removeItem(k)));
  }, Math.max(300_000, TOOLS.length * 10_000));

  it('opens the home page and a tool with any favorites, recent tools, theme or language stored', async () => {
    const { page } = app;
    for (const raw of ['{}', 'null', '5', '"str"', '[{"a":1},7,null]', 'not json', '{"__proto__":{}}']) {
      await seed(page, { 'localkit-favorites': raw, 'localkit-recent': raw, 'localkit-theme': raw, i18nextLng: raw });
      await page.goto('/');
      await page.getByTestId('home-title').waitFor();
      expect(await page.getByTestId('home-title').textContent()).toBe(tr('en', 'brand.name'));
      expect(await page.evaluate(() => document.documentElement.classList.contains('light'))).toBe(true);
      await openTool(app, 'word-count');
      // The favorite button still works and writes a clean list.
      await page.getByTestId('favorite').click();
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('localkit-favorites')))!)).toEqual(['word-count']);
    }
  }, 120_000);

  describe('a real file still processes with garbage settings (one tool per category)', () => {
    beforeAll(async () => {
      await seed(app.page, garbageFor(defaults, 0));
    });

    it('image: resize', async () => {
      const { page } = app;
      await openTool(app, 'image-resize');
      await page.getByTestId('file-input').setInputFiles([file('cat.jpg', 'image/jpeg')]);
      await settle(page, 1, 0);
      const out = await download(page, () => row(page, 'cat.jpg').getByTestId('download').click());
      // The default: 1280 px wide at most, never enlarged: the 320×213 photo keeps its size.
      expect(await inspect(page, out.bytes)).toEqual({ format: 'jpeg', header: { width: 320, height: 213 }, decoded: { width: 320, height: 213 } });
    });

    it('svg: to PNG', async () => {
      const { page } = app;
      await openTool(app, 'svg-to-png');
      await page.getByTestId('file-input').setInputFiles([{ name: 'logo-solid.svg', mimeType: 'image/svg+xml', buffer: readFileSync(path.join(SVG_FIXTURES, 'logo-solid.svg')) }]);
      await settle(page, 1, 0);
      const out = await download(page, () => row(page, 'logo-solid.svg').getByTestId('download').click());
      expect((await inspect(page, out.bytes)).format).toBe('png');
    });

    it('audio: converter', async () => {
      const { page } = app;
      await openTool(app, 'audio-converter');
      await page.getByTestId('file-input').setInputFiles([mediaFixture('tone.wav')]);
      await page.getByTestId('start').click();
      await settle(page, 1, 0, 150_000);
      const out = await download(page, () => row(page, 'tone.wav').getByTestId('download').click());
      expect(out.name).toBe('tone.mp3');
      expect(out.bytes.length).toBeGreaterThan(1000);
    }, 200_000);

    it('video: compress', async () => {
      const { page } = app;
      await openTool(app, 'video-compress');
      await page.getByTestId('file-input').setInputFiles([mediaFixture('clip.mp4')]);
      await page.getByTestId('start').click();
      await settle(page, 1, 0, 150_000);
      const out = await download(page, () => row(page, 'clip.mp4').getByTestId('download').click());
      expect(out.name).toMatch(/\.mp4$/);
      expect(out.bytes.length).toBeGreaterThan(1000);
    }, 200_000);

    it('favicon: converter', async () => {
      const { page } = app;
      await openTool(app, 'favicon-converter');
      await page.getByTestId('file-input').setInputFiles([path.resolve('src/tools/favicon/converter/fixtures/logo-600x400.png')]);
      await page.locator('[data-testid="result-row"][data-status="done"]').first().waitFor({ timeout: 90_000 });
      await expect.poll(() => page.getByTestId('download-all').isEnabled()).toBe(true);
    }, 120_000);

    it('text: converter', async () => {
      const { page } = app;
      await openTool(app, 'text-converter');
      await page.getByTestId('file-input').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello stored world\n') }]);
      await settle(page, 1, 0);
      const out = await download(page, () => row(page, 'notes.txt').getByTestId('download').click());
      expect(out.bytes.toString('utf8')).toBe('HELLO STORED WORLD\n');
    });
  });
});

// Issue 25.7: a link's settings and language are for that visit; what the user saved stays saved.
describe('settings and language from a link', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp({ serviceWorkers: 'block' });
  });
  afterAll(async () => {
    expect(app.errors).toEqual([]);
    await app.close();
  });

  it('apply to that visit only, never overwriting the stored settings; a base path on another site is flagged', async () => {
    const { page } = app;
    const tool = TOOLS.find((t) => t.id === 'favicon-generator')!.path;
    await page.goto(`${tool}?lng=en`);
    await page.getByTestId('app-name').fill('Mine');
    await expect.poll(async () => JSON.parse((await storedSettings(page))['localkit-settings:favicon-generator'] ?? '{}').name).toBe('Mine');
    expect(await page.getByTestId('base-path-foreign').count()).toBe(0);

    await page.goto(`${tool}?lng=en&name=Evil&basePath=${encodeURIComponent('https://evil.example/icons')}`);
    await expect.poll(() => page.getByTestId('app-name').inputValue()).toBe('Evil');
    expect(await page.getByTestId('base-path-foreign').textContent()).toContain('evil.example');
    await page.waitForTimeout(500);
    const stored = JSON.parse((await storedSettings(page))['localkit-settings:favicon-generator']);
    expect(stored.name).toBe('Mine');
    expect(stored.basePath).toBe('/');

    await page.goto(`${tool}?lng=en`);
    await expect.poll(() => page.getByTestId('app-name').inputValue()).toBe('Mine');
  });

  it('a language from a link is not stored; the language the user picks is', async () => {
    const { page } = app;
    await page.goto('/?lng=ko');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ko');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBeNull();
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByTestId('language-picker').selectOption('de');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('de');
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
  });
});
