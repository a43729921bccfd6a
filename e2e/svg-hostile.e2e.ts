// The hostile SVG corpus (src/engines/svg/fixtures/hostile and xss) through every SVG tool: each bad file
// is refused in its own row with our own translated reason, fast, without a long main-thread task, and
// the rest of the batch finishes. Every SVG the app writes is judged by Python's XML parser (svg-safety).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { unsafeConstructs } from './support/svg-safety';
import { download, pwned, row, rows, svgFile, svgFixture } from './svg-tools-helpers';
import { underLoad } from './support/load';
import { busiest, describeTask, watchMainThread, type MainTask } from './support/trace';

const XSS = ['xss/script-and-handlers.svg', 'xss/remote-refs.svg', 'xss/foreign-object.svg', 'xss/obfuscated.svg', 'xss/unclosed-url.svg', 'xss/xml-base.svg'];
/** 30 000 rects: seconds of the page's thread to parse and draw in Chromium. */
const manyElements = () => ({
  name: 'many-elements.svg',
  mimeType: 'image/svg+xml',
  buffer: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000">${Array.from({ length: 30_000 }, (_, i) => `<rect x="${i % 990}" y="${(i * 7) % 990}" width="9" height="9"/>`).join('')}</svg>`),
});
const t = (key: string, params: Record<string, string | number> = {}) => tr('en', key, 'svg-tools').replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));

/**
 * The app's own work in one main-thread task, CPU time from a Chromium trace: the goal is no task over 200 ms.
 * Wall time is logged, not bounded: on this 2-core machine under load a task waits for a core (a 311 ms wall
 * task failed a load-stretched bound in a fresh-clone CI run).
 */
const TASK_CPU_MS = 200;
/** Refusals are due within 5 s of the file going in on an idle machine; a loaded one stretches the wait. */
const refusalWait = () => underLoad(5_000);

describe('hostile SVG corpus', () => {
  let app: AppSession;
  const dialogs: string[] = [];
  const protoChanges: string[] = [];
  beforeAll(async () => {
    app = await openApp();
    // "Leave the page with results not downloaded?" is the app's own question: yes. Any other dialog would come from hostile SVG.
    app.page.on('dialog', (d) => {
      if (d.type() === 'beforeunload') return void d.accept();
      dialogs.push(d.message());
      void d.dismiss();
    });
    await app.context.addInitScript(() => {
      const w = window as unknown as { __protoKeys: string };
      w.__protoKeys = JSON.stringify(Reflect.ownKeys(Object.prototype).map(String));
    });
  });
  afterEach(async () => {
    // Whatever the hostile files did, the page's Object.prototype has the own keys it started with.
    const change = await app.page.evaluate(() => {
      const now = JSON.stringify(Reflect.ownKeys(Object.prototype).map(String));
      const before = (window as unknown as { __protoKeys?: string }).__protoKeys;
      return before === now ? null : `${location.pathname}: ${before} -> ${now}`;
    });
    if (change) protoChanges.push(change);
  });
  afterAll(async () => {
    await app?.close();
  });

  /**
   * Adds one file and waits for its row's error: seconds from the moment the file is in the page and the app's
   * busiest main-thread task from before the file went in (CPU time). The file goes in by path: a buffer would be
   * decoded from base64 on the page's thread by Playwright (127 ms CPU, 257-311 ms wall for the 1.4 MB
   * many-elements.svg, the task a CI run blamed on the app), while the app's own change handler runs inside
   * the call that sets the files, so that call is counted.
   */
  async function refusal(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<{ text: string; seconds: number; busiest: MainTask }> {
    const onDisk = path.join(mkdtempSync(path.join(tmpdir(), 'svg-hostile-')), file.name);
    writeFileSync(onDisk, file.buffer);
    const watch = await watchMainThread(page, { withTestCalls: true });
    await page.getByTestId('file-input').setInputFiles(onDisk);
    const started = Date.now();
    await expect.poll(() => row(page, file.name).getAttribute('data-status'), { timeout: refusalWait(), interval: 50 }).toBe('error');
    const seconds = (Date.now() - started) / 1000;
    const top = busiest(await watch.stop());
    const text = (await row(page, file.name).getByTestId('row-error').textContent()) ?? '';
    console.log(`${page.url().split('/').pop()} ${file.name}: refused in ${seconds.toFixed(2)} s, busiest task ${describeTask(top)}`);
    return { text, seconds, busiest: top };
  }

  it('SVG → PNG: each bomb and very large file refused in its row within 5 s, no long task, our own words; the rest of a batch finishes', async () => {
    const { page } = app;
    await page.goto('/svg/svg-to-png');
    await page.getByTestId('scale-1').check();
    // Warm: the check's worker is started by the page; one ordinary file makes sure it is ready.
    await page.getByTestId('file-input').setInputFiles([svgFile('text-card.svg')]);
    await expect.poll(() => rows(page, 'done').count(), { timeout: 60_000 }).toBe(1);
    const cases: [ReturnType<typeof svgFile>, string | RegExp][] = [
      [svgFile('hostile/use-bomb.svg'), t('errors.useExpansion', { max: 100000 })],
      [svgFile('hostile/use-fanout.svg'), t('errors.useExpansion', { max: 100000 })],
      [svgFile('hostile/entity-bomb.svg'), /^Invalid SVG code \(line \d+, column \d+\): entity expansion refused/],
      [svgFile('hostile/deep-nesting.svg'), t('errors.tooDeep', { max: 1000 })],
      [svgFile('hostile/huge-text.svg'), t('errors.veryLarge', { elements: 2, characters: 200000 })],
      [manyElements(), t('errors.veryLarge', { elements: 30001, characters: 0 })],
    ];
    for (const [file, expected] of cases) {
      const { text, busiest: top } = await refusal(page, file);
      expect(text, file.name).toMatch(expected);
      expect(text, file.name).not.toMatch(/This page contains|Below is a rendering/);
      expect(top.cpu, file.name).toBeLessThan(TASK_CPU_MS);
    }

    // All of them again in one batch with ordinary files: the bad ones fail in their rows, the rest is done; a
    // recursive <use> is drawn as a browser draws it (all but the <use>s that show themselves: issue 32).
    await page.getByTestId('clear-all').click();
    await page.getByTestId('file-input').setInputFiles([...cases.map(([file]) => file), svgFile('hostile/use-recursive.svg'), svgFile('hostile/utf16-bom.svg'), svgFile('icon-camera.svg'), svgFile('chart-bars.svg')]);
    await expect.poll(async () => [await rows(page, 'done').count(), await rows(page, 'error').count()], { timeout: 60_000 }).toEqual([4, 6]);

    // UTF-16 with a byte-order mark is read like UTF-8: a 40 × 20 PNG.
    const png = await download(page, () => row(page, 'utf16-bom.svg').getByTestId('download').click());
    expect([...png.bytes.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([40, 20]);

    // Asked for, a very large file is drawn after all.
    await page.getByTestId('allow-large').check();
    await row(page, 'huge-text.svg').getByTestId('retry').click();
    await expect.poll(() => row(page, 'huge-text.svg').getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
  }, 240_000);

  it('SVG Preview: our own message for each bomb, no browser error page, no long task', async () => {
    const { page } = app;
    await page.goto('/svg/svg-preview');
    await page.getByTestId('preview-image').waitFor();
    const previewError = () => page.getByTestId('preview-error').textContent({ timeout: 1000 }).catch(() => null);
    const cases: [string, string | RegExp][] = [
      ['hostile/use-bomb.svg', t('errors.useExpansion', { max: 100000 })],
      ['hostile/use-fanout.svg', t('errors.useExpansion', { max: 100000 })],
      ['hostile/entity-bomb.svg', /^Invalid SVG code \(line \d+, column \d+\): entity expansion refused/],
      ['hostile/huge-text.svg', t('errors.veryLarge', { elements: 2, characters: 200000 })],
    ];
    // A broken file: line and column in our words, the parser's short reason, never its error page.
    await page.getByTestId('text-input').fill('<svg xmlns="http://www.w3.org/2000/svg">\n<g>\n</svg>');
    await expect.poll(previewError).toMatch(/^Invalid SVG code \(line 3, column \d+\): /);
    expect(await previewError()).not.toMatch(/This page contains|Below is a rendering/);
    for (const [name, expected] of cases) {
      await page.getByTestId('text-input').fill(svgFixture('icon-camera.svg').toString('utf8'));
      await page.getByTestId('preview-image').waitFor();
      await page.waitForTimeout(300);
      // Timed from when the editor holds the text (CodeMirror's own work on a 200 KB paste is not the preview's).
      await page.getByTestId('text-input').fill(svgFixture(name).toString('utf8'));
      const watch = await watchMainThread(page);
      const started = Date.now();
      await expect.poll(previewError, { timeout: refusalWait(), interval: 100 }).toMatch(expected);
      const seconds = (Date.now() - started) / 1000;
      const top = busiest(await watch.stop());
      console.log(`Preview ${name}: ${seconds.toFixed(2)} s, busiest task ${describeTask(top)}`);
      expect(top.cpu, name).toBeLessThan(TASK_CPU_MS);
    }
    // 5000 nested elements, in a page of its own: CodeMirror's XML tree takes seconds to replace such a text.
    const own = await app.context.newPage();
    await own.goto('/svg/svg-preview');
    await own.getByTestId('preview-image').waitFor();
    await own.getByTestId('text-input').fill(svgFixture('hostile/deep-nesting.svg').toString('utf8'));
    const started = Date.now();
    await expect.poll(() => own.getByTestId('preview-error').textContent({ timeout: 1000 }).catch(() => null), { timeout: refusalWait(), interval: 100 }).toBe(t('errors.tooDeep', { max: 1000 }));
    console.log(`Preview deep-nesting.svg: ${((Date.now() - started) / 1000).toFixed(2)} s`);
    await own.close({ runBeforeUnload: false });
  }, 180_000);

  it('SVG Preview: "Remove unsafe content" leaves nothing a standard XML parser finds unsafe, and counts what it took', async () => {
    const { page } = app;
    for (const name of XSS) {
      await page.getByTestId('text-input').fill(svgFixture(name).toString('utf8'));
      await page.getByTestId('preview-image').waitFor();
      await page.getByTestId('sanitize').click();
      const toast = page.getByText(/^Removed \d+ unsafe items?\.$/).last();
      await toast.waitFor();
      expect(Number(/\d+/.exec((await toast.textContent()) ?? '')![0]), name).toBeGreaterThan(0);
      const clean = (await download(page, () => page.getByTestId('download').click())).bytes.toString('utf8');
      expect(unsafeConstructs(clean), name).toEqual([]);
      expect(clean, name).toMatch(/<rect|<circle/);
    }
  }, 180_000);

  it('SVG Preview: Download says plainly that the file still has active content, until it is removed (issue 25.10)', async () => {
    const { page } = app;
    await page.goto('/svg/svg-preview');
    const warning = () => page.getByTestId('active-content').textContent({ timeout: 250 }).catch(() => null);
    await page.getByTestId('text-input').fill(svgFixture('xss/script-and-handlers.svg').toString('utf8'));
    await page.getByTestId('preview-image').waitFor();
    const said = tr('en', 'preview.activeContent_other', 'svg-tools').split('{{count}}');
    // The count comes from the worker's check (a cold worker after the reload takes a while on a busy machine).
    await expect.poll(warning, { timeout: 15_000 }).toMatch(new RegExp(`^${said[0]}\\d+${said[1].replace(/[.()]/g, '\\$&')}$`));
    // As it is, the user was told: the script is still in the file.
    expect((await download(page, () => page.getByTestId('download').click())).bytes.toString('utf8')).toContain('<script');
    await page.getByTestId('sanitize').click();
    await expect.poll(warning, { timeout: 15_000 }).toBeNull();
    expect(unsafeConstructs((await download(page, () => page.getByTestId('download').click())).bytes)).toEqual([]);
  });

  it('SVG Preview: a 4 MB file of a million elements is refused before the editor takes it, without freezing the page (issue 25.9)', async () => {
    const { page } = app;
    await page.goto('/svg/svg-preview');
    await page.getByTestId('text-input').fill(svgFixture('icon-camera.svg').toString('utf8'));
    await page.getByTestId('preview-image').waitFor();
    const before = await page.getByTestId('text-input').textContent();
    // From a path: Chromium reads the file itself (bytes given as a buffer are rebuilt in the page, a long task of Playwright's).
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'lk-svg-')), 'million.svg');
    writeFileSync(file, `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<g/>'.repeat(1_000_000)}</svg>`);
    const watch = await watchMainThread(page, { withTestCalls: true });
    await page.getByTestId('file-input').setInputFiles(file);
    const started = Date.now();
    await expect
      .poll(() => page.getByTestId('preview-error').textContent({ timeout: 1000 }).catch(() => null), { timeout: refusalWait(), interval: 100 })
      .toBe(t('errors.tooManyElements', { elements: 1000001, max: 100000 }));
    const top = busiest(await watch.stop());
    console.log(`Preview million.svg: refused in ${((Date.now() - started) / 1000).toFixed(2)} s, busiest task ${describeTask(top)}`);
    expect(top.cpu).toBeLessThan(TASK_CPU_MS);
    // The editor still holds what it had; editing it goes on as before.
    expect(await page.getByTestId('text-input').textContent()).toBe(before);
    await page.getByTestId('text-input').fill(svgFixture('chart-bars.svg').toString('utf8'));
    await page.getByTestId('preview-image').waitFor();
  }, 60_000);

  it('optimizer: bombs refused in their rows, hostile files optimised into safe SVG, the rest done', async () => {
    const { page } = app;
    await page.goto('/svg/svg-optimizer');
    const watch = await watchMainThread(page);
    const started = Date.now();
    await page.getByTestId('file-input').setInputFiles([
      svgFile('hostile/use-bomb.svg'),
      svgFile('hostile/use-recursive.svg'),
      svgFile('hostile/entity-bomb.svg'),
      svgFile('hostile/deep-nesting.svg'),
      ...XSS.map((n) => svgFile(n)),
      svgFile('chart-bars.svg'),
    ]);
    await expect.poll(async () => [await rows(page, 'done').count(), await rows(page, 'error').count()], { timeout: 60_000 }).toEqual([8, 3]);
    const top = busiest(await watch.stop());
    console.log(`optimizer hostile batch: ${((Date.now() - started) / 1000).toFixed(1)} s, busiest task ${describeTask(top)}`);
    expect(top.cpu).toBeLessThan(TASK_CPU_MS);
    expect(await row(page, 'use-bomb.svg').getByTestId('row-error').textContent()).toBe(t('errors.useExpansion', { max: 100000 }));
    const zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    expect(Object.keys(zip).sort()).toEqual(['chart-bars.svg', 'foreign-object.svg', 'obfuscated.svg', 'remote-refs.svg', 'script-and-handlers.svg', 'unclosed-url.svg', 'use-recursive.svg', 'xml-base.svg']);
    for (const [name, bytes] of Object.entries(zip)) expect(unsafeConstructs(Buffer.from(bytes)), name).toEqual([]);
  }, 180_000);

  it('SVG → EPS and PDF: bombs refused within 5 s, a recursive <use> drawn without it; a page past the PDF maximum is scaled and the row says so', async () => {
    const { page } = app;
    await page.goto('/svg/svg-to-eps');
    await page.getByTestId('file-input').setInputFiles([svgFile('icon-camera.svg'), svgFile('hostile/use-recursive.svg')]);
    await expect.poll(() => rows(page, 'done').count(), { timeout: 60_000 }).toBe(2);
    expect((await refusal(page, svgFile('hostile/use-bomb.svg'))).text).toBe(t('errors.useExpansion', { max: 100000 }));
    expect((await refusal(page, svgFile('hostile/deep-nesting.svg'))).text).toBe(t('errors.tooDeep', { max: 1000 }));

    await page.goto('/svg/svg-to-pdf');
    await page.getByTestId('file-input').setInputFiles([svgFile('hostile/giant-page.svg'), svgFile('icon-camera.svg'), svgFile('hostile/use-recursive.svg')]);
    await expect.poll(() => rows(page, 'done').count(), { timeout: 60_000 }).toBe(3);
    expect((await refusal(page, svgFile('hostile/use-fanout.svg'))).text).toBe(t('errors.useExpansion', { max: 100000 }));
    expect(await page.getByTestId('pdf-page-scaled').textContent()).toBe(
      `giant-page.svg: ${t('pdf.pageScaled', { width: 750000000, height: 750, max: 14400, percent: 0.0019 })}`,
    );
    const pdf = (await download(page, () => row(page, 'giant-page.svg').getByTestId('download').click())).bytes.toString('latin1');
    const box = /\/MediaBox\s*\[([^\]]+)\]/.exec(pdf)![1].trim().split(/\s+/).map(Number);
    expect(box[2] - box[0]).toBeCloseTo(14400, 0);
    expect(box[3] - box[1]).toBeCloseTo(1, 0);
  });

  it('favicon: favicon.svg from the obfuscated and unclosed-url XSS files is safe; a <use> bomb is refused within 5 s', async () => {
    const { page } = app;
    for (const name of ['xss/obfuscated.svg', 'xss/unclosed-url.svg']) {
      await page.goto('/favicon/converter');
      await page.getByTestId('file-input').setInputFiles(svgFile(name));
      await page.locator('[data-testid="result-row"][data-status="done"]').first().waitFor({ timeout: 60_000 });
      await expect.poll(() => page.getByTestId('download-all').isEnabled()).toBe(true);
      const files = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
      expect(unsafeConstructs(Buffer.from(files['favicon.svg'])), name).toEqual([]);
    }

    await page.getByTestId('file-input').setInputFiles(svgFile('hostile/use-bomb.svg'));
    const watch = await watchMainThread(page);
    const started = Date.now();
    await expect.poll(() => page.getByTestId('row-error').textContent({ timeout: 500 }).catch(() => null), { timeout: refusalWait(), interval: 100 }).toBe(t('errors.useExpansion', { max: 100000 }));
    const top = busiest(await watch.stop());
    console.log(`favicon use bomb: ${((Date.now() - started) / 1000).toFixed(1)} s, busiest task ${describeTask(top)}`);
    expect(top.cpu).toBeLessThan(TASK_CPU_MS);
  });

  it('PNG → SVG: the traced SVG is safe by an independent parse', async () => {
    const { page } = app;
    await page.goto('/svg/png-to-svg');
    await page.getByTestId('file-input').setInputFiles(path.resolve('src/tools/svg/raster-to-svg/fixtures/mark-silhouette.png'));
    await expect.poll(() => rows(page, 'done').count(), { timeout: 60_000 }).toBe(1);
    const traced = await download(page, () => row(page, 'mark-silhouette.png').getByTestId('download').click());
    expect(traced.bytes.toString('utf8')).toMatch(/^<svg /);
    expect(unsafeConstructs(traced.bytes)).toEqual([]);
  });

  it('ran no script, sent nothing to another origin and raised no error', async () => {
    expect(await pwned(app.page)).toBeNull();
    expect(dialogs).toEqual([]);
    expect(protoChanges).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
