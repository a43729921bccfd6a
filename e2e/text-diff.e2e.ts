import { readFileSync, statSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { appForSuite, foreignRequests } from './support/app';
import { underLoad } from './support/load';
import { recordWorks } from './support/matrix';
import { tr } from './support/locales';
import { busiest, describeTask, watchMainThread } from './support/trace';
import { madeOnce } from './support/made-once';

const A = ['alpha', 'bravo', 'charlie', 'delta', 'echo', ''].join('\n');
const B = ['alpha', 'bravo two', 'charlie', 'echo', 'foxtrot', ''].join('\n');

const count = (page: Page, which: 'added' | 'removed') => page.getByTestId(`${which}-count`).getAttribute('data-value');

/** Puts a large text into a text box at once, as a paste does (Playwright's fill types it in far too slowly). */
async function paste(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).evaluate((el, value) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}


// Named after the recipe's version: a changed recipe is made anew, not read from an older run's folder.
const LARGE_DIR = '/tmp/localkit-text-diff-large-1';

/**
 * Two 4.6 MB, 110,000-line files, 11 lines edited in B; made once per machine. Given by path: the test's own
 * injection of 9 MB as base64 would be a DevTools task of the page's thread.
 */
function largeFiles(): { a: string; b: string } {
  const lines = () => Array.from({ length: 110_000 }, (_, i) => `${String(i).padStart(6, '0')} the quick brown fox jumps over a dog`);
  return {
    a: madeOnce(LARGE_DIR, 'a.txt', (partial) => writeFileSync(partial, lines().join('\n') + '\n')),
    b: madeOnce(LARGE_DIR, 'b.txt', (partial) => writeFileSync(partial, lines().map((l, i) => (i % 10_000 === 5000 ? `${l} (edited)` : l)).join('\n') + '\n')),
  };
}

describe('text diff', () => {
  const app = appForSuite({ clipboard: true });

  it('compares two texts typed into the page, side by side', async () => {
    const { page } = app;
    await page.goto('/text/text-diff');
    await page.getByTestId('text-input').fill(A);
    await page.getByTestId('text-input-b').fill(B);
    await expect.poll(() => count(page, 'removed')).toBe('2'); // bravo, delta
    await expect.poll(() => count(page, 'added')).toBe('2'); // bravo two, foxtrot
    const output = page.getByTestId('text-output');
    await expect.poll(() => output.locator('tr[data-kind="changed"]').count()).toBe(1);
    expect(await output.locator('tr[data-kind="changed"]').innerText()).toMatch(/bravo[\s\S]*bravo\s*two/);
    expect(await output.locator('tr[data-kind="changed"] ins').innerText()).toBe(' two');
    expect(await output.locator('tr[data-kind="removed"]').innerText()).toContain('delta');
    expect(await output.locator('tr[data-kind="added"]').innerText()).toContain('foxtrot');
    expect(await page.getByTestId('removed-count').innerText()).toMatch(/2\s+lines removed/);
    recordWorks('chromium', 'text-diff', 'side-by-side diff of typed texts');
  });

  it('counts words and characters in the other modes', async () => {
    const { page } = app;
    await page.getByRole('radio', { name: 'Words' }).check();
    await expect.poll(() => page.getByTestId('added-count').innerText()).toMatch(/words added/);
    await expect.poll(() => count(page, 'added')).toBe('2'); // two, foxtrot
    expect(await count(page, 'removed')).toBe('1'); // delta
    await page.getByRole('radio', { name: 'Characters' }).check();
    await expect.poll(() => page.getByTestId('added-count').innerText()).toMatch(/characters added/);
    expect(Number(await count(page, 'added'))).toBe(' two'.length + 'foxtrot\n'.length);
    await page.getByRole('radio', { name: 'Lines' }).check();
    await expect.poll(() => page.getByTestId('added-count').innerText()).toMatch(/lines added/);
  });

  it('ignores case and whitespace when asked', async () => {
    const { page } = app;
    await page.getByTestId('text-input-b').fill(A.toUpperCase().replace('CHARLIE', '  CHAR LIE '));
    await expect.poll(() => count(page, 'added')).toBe('5');
    await page.getByTestId('ignore-case').check();
    await expect.poll(() => count(page, 'added')).toBe('1');
    await page.getByTestId('ignore-whitespace').check();
    await expect.poll(() => count(page, 'added')).toBe('0');
    expect(await page.getByTestId('diff-status').innerText()).toMatch(/No differences/);
    await page.getByTestId('ignore-case').uncheck();
    await page.getByTestId('ignore-whitespace').uncheck();
    await page.getByTestId('text-input-b').fill(B);
    await expect.poll(() => count(page, 'added')).toBe('2');
  });

  it('shows a real unified diff to copy and download', async () => {
    const { page } = app;
    await page.getByRole('radio', { name: 'Unified' }).check();
    const patch = page.getByTestId('patch');
    await patch.waitFor();
    const expected = ['--- a/text.txt', '+++ b/text.txt', '@@ -1,5 +1,5 @@', ' alpha', '-bravo', '+bravo two', ' charlie', '-delta', ' echo', '+foxtrot', ''].join('\n');
    expect(await patch.innerText()).toBe(expected.trimEnd());
    await page.getByTestId('copy-patch').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-patch').click()]);
    expect(download.suggestedFilename()).toBe('text.patch');
    expect(readFileSync((await download.path())!, 'utf8')).toBe(expected);
  });

  it('loads side B from a file and names the patch after it', async () => {
    const { page } = app;
    const content = 'alpha\nbravo\ncharlie\ndelta\necho\ngolf\n';
    await page.getByTestId('file-input-b').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(content) });
    await expect.poll(() => page.getByTestId('text-input-b').inputValue()).toBe(content);
    expect(await page.getByTestId('file-name-b').innerText()).toContain('notes.txt');
    await expect.poll(() => count(page, 'added')).toBe('1');
    expect(await count(page, 'removed')).toBe('0');
    await expect.poll(() => page.getByTestId('patch').innerText()).toContain('+++ b/notes.txt');
    expect(await page.getByTestId('patch').innerText()).toContain('+golf');
  });

  it('refuses a binary file next to its side and keeps working', async () => {
    const { page } = app;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]);
    await page.getByTestId('file-input-a').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByTestId('file-error-a').innerText()).toContain('photo.png is not a text file');
    expect(await page.getByTestId('text-input').inputValue()).toBe(A);
    expect(await count(page, 'added')).toBe('1');
  });

  it('swaps and clears', async () => {
    const { page } = app;
    await page.getByRole('radio', { name: 'Side by side' }).check();
    await page.getByTestId('swap').click();
    await expect.poll(() => count(page, 'removed')).toBe('1');
    expect(await count(page, 'added')).toBe('0');
    expect(await page.getByTestId('text-input').inputValue()).toContain('golf');
    await page.getByTestId('clear').click();
    expect(await page.getByTestId('text-input').inputValue()).toBe('');
    expect(await page.getByTestId('text-input-b').inputValue()).toBe('');
    await expect.poll(() => count(page, 'added')).toBe('0');
  });

  it('stays responsive on 6,000-line texts', async () => {
    const { page } = app;
    const lines = Array.from({ length: 6000 }, (_, i) => `line ${i}: the quick brown fox jumps over the lazy dog ${i % 17}`);
    const big = lines.join('\n') + '\n';
    const edited = lines.map((l, i) => (i % 500 === 250 ? `${l} (edited)` : l)).join('\n') + '\n';
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: { start: number; duration: number }[] };
      w.longTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push({ start: e.startTime, duration: e.duration }))).observe({ type: 'longtask' });
    });
    // A alone first: 6,000 removed lines, the first 2,000 rows of them put on the page (the heavy case), then B.
    await paste(page, 'text-input', big);
    await expect.poll(() => count(page, 'removed'), { timeout: 15_000 }).toBe('6000');
    await paste(page, 'text-input-b', edited);
    await expect.poll(() => count(page, 'added'), { timeout: 15_000 }).toBe('12');
    expect(await count(page, 'removed')).toBe('12');
    // Typing at the end of B: every key shows up at once while the diff follows.
    await page.getByTestId('text-input-b').press('End');
    const typingFrom = await page.evaluate(() => performance.now());
    const started = Date.now();
    await page.getByTestId('text-input-b').pressSequentially('more', { delay: 20 });
    expect(Date.now() - started).toBeLessThan(underLoad(3000));
    await expect.poll(() => count(page, 'added'), { timeout: 15_000 }).toBe('13');
    // 13 added lines already after the first key; each key's diff replaces the table (and its opened folds), so
    // wait for the one of the whole word before opening a fold below.
    const output = page.getByTestId('text-output');
    await expect.poll(() => output.locator('tr[data-kind="added"]').last().innerText(), { timeout: 15_000 }).toMatch(/\tmore(?![a-z])/);
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks);
    const pasting = longTasks.filter((t) => t.start < typingFrom).map((t) => Math.round(t.duration));
    const typing = longTasks.filter((t) => t.start >= typingFrom).map((t) => Math.round(t.duration));
    console.log(`long tasks (ms) pasting: ${pasting.join(', ')}; typing: ${typing.join(', ')}`);
    // The page's own work stays in short tasks: rows go on the page a frame at a time, the texts are stored in
    // an idle moment after a pause in typing. In a trace no task of the page's own takes over 100 ms of CPU; the
    // longest typing task measured 355 and 741 ms of wall time with this 2-core machine at a load of 16-20.
    // 500 ms with a core to spare, stretched by the load per core (support/load.ts).
    expect(Math.max(0, ...typing)).toBeLessThan(underLoad(500));
    // The longest tasks left are the browser's layout of 6,000 pasted lines in a text box (Chromium makes a text
    // node and a <br> of every line): 250-400 ms of CPU in a trace the first time, unchanged since the bound was
    // 500 ms, but 1.2-2.9 s of wall time at a load of 16-20. Hence the looser guard against a freeze.
    expect(Math.max(0, ...pasting)).toBeLessThan(underLoad(1500));
    expect(await output.locator('[data-testid="fold"]').count()).toBeGreaterThan(5);
    // Rows go on the page a frame at a time: an opened fold of 247 lines is all there in the end.
    const rows = await output.locator('tr[data-kind]').count();
    const fold = output.getByTestId('fold').first();
    expect(await fold.innerText()).toBe('Show 247 unchanged lines');
    await fold.click();
    await expect.poll(() => output.locator('tr[data-kind]').count()).toBe(rows + 247);
    expect(await output.locator('tr[data-kind]').first().innerText()).toContain('line 0: the quick brown fox');
    await page.getByTestId('clear').click();
  });

  it('keeps a CRLF file CRLF while it is edited, and passes axe in light and dark mode', async () => {
    const { page } = app;
    await page.getByTestId('text-input').fill(`${A}zulu`);
    await page.getByTestId('file-input-b').setInputFiles({ name: 'windows.txt', mimeType: 'text/plain', buffer: Buffer.from(B.replace(/\n/g, '\r\n')) });
    // Every line of B ends in CRLF, so no line equals a line of A, as with GNU diff.
    await expect.poll(async () => [await count(page, 'removed'), await count(page, 'added')]).toEqual(['6', '5']);
    expect(await page.getByTestId('eol-notice').innerText()).toContain('B uses CRLF (Windows)');
    const boxB = page.getByTestId('text-input-b');
    await boxB.press('Control+End');
    await boxB.pressSequentially('golf');
    await boxB.press('Enter');
    await expect.poll(() => count(page, 'added')).toBe('6');
    expect(await page.getByTestId('eol-notice').innerText()).toContain('B uses CRLF (Windows)'); // not "a mix"
    await page.getByTestId('ignore-whitespace').check();
    await expect.poll(() => count(page, 'added')).toBe('3'); // bravo two, foxtrot, golf
    await page.getByTestId('ignore-whitespace').uncheck();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const view of ['Side by side', 'Unified']) {
        await page.getByRole('radio', { name: view }).check();
        await page.getByTestId(view === 'Unified' ? 'patch' : 'side-by-side').waitFor();
        expect(await seriousViolations(page), `${scheme} ${view}`).toEqual([]);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('gives up on two different 300 KB single-line files within the time limit, in word and character modes', { timeout: 150_000 }, async () => {
    const { page } = app;
    const LIMIT_MS = 2_000;
    // Two unrelated word streams (two different generators: one generator with two seeds gives shifted copies of
    // one stream, whose long common run a diff found in time now and then).
    const line = (seed: number, multiplier: number, increment: number) => {
      let x = seed;
      const words: string[] = [];
      for (let i = 0; i < 65_000; i++) {
        x = (Math.imul(x, multiplier) + increment) >>> 0;
        words.push(((x >>> 8) % 100000).toString(36));
      }
      return Buffer.from(words.join(' '));
    };
    const [a, b] = [line(1, 1103515245, 12345), line(7, 22695477, 1)];
    expect(a.length).toBeGreaterThan(290_000);
    await page.goto('/text/text-diff');
    // The page's limit shortened from 20 s (diffClient.test.ts holds the default and that nothing lengthens it):
    // the same give-up path, in seconds. Set on this page only; the next test's load starts without it.
    await page.evaluate((ms) => void ((window as unknown as { localkitDiffTimeLimitMs: number }).localkitDiffTimeLimitMs = ms), LIMIT_MS);
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({ type: 'longtask' });
    });
    const status = page.getByTestId('diff-status');
    for (const [mode, param] of [
      ['Words', 'word'],
      ['Characters', 'char'],
    ]) {
      await page.getByRole('radio', { name: mode }).check();
      // The mode is in effect (and in the address) before the files come: a line diff of two one-line files is instant.
      await expect.poll(() => new URL(page.url()).searchParams.get('mode')).toBe(param);
      await page.getByTestId('file-input-a').setInputFiles({ name: 'one-line-a.txt', mimeType: 'text/plain', buffer: a });
      const started = Date.now();
      await page.getByTestId('file-input-b').setInputFiles({ name: 'one-line-b.txt', mimeType: 'text/plain', buffer: b });
      await expect
        .poll(async () => `${await status.innerText()} (removed ${await page.getByTestId('removed-count').getAttribute('data-value')}, mode ${new URL(page.url()).searchParams.get('mode')})`, { timeout: 40_000, interval: 250 })
        .toContain('too different to compare in reasonable time');
      const elapsed = Date.now() - started;
      const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.splice(0));
      console.log(`${mode}: refused after ${elapsed} ms; long tasks (ms): ${longTasks.map(Math.round).join(', ')}`);
      // The search ran until the limit (no earlier refusal), and no longer than the limit in the worker plus the
      // 3 s after which the worker is terminated. The rest is the page laying out the 300 KB lines in the text
      // boxes (the long tasks logged above), which the limit does not cover: the same 22 s allowed as before.
      expect(elapsed).toBeGreaterThanOrEqual(LIMIT_MS);
      expect(elapsed).toBeLessThan(LIMIT_MS + 3_000 + 22_000);
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);
      await page.getByTestId('clear').click();
    }
    await page.getByRole('radio', { name: 'Lines' }).check();
  });

  // Issue 25.8 and 25.9: two 4.6 MB, 110,000-line files. Before: the page froze 3.5 s and 5.6 s laying the texts
  // out in the text boxes, and said "Kept on this device" of texts over the 1 MB it keeps.
  it('compares two 4.6 MB, 110,000-line files without putting them in a text box, and says they are not kept', async () => {
    const { page } = app;
    await page.goto('/text/text-diff?lng=en');
    // Whatever a kept text left (a click on the disabled button would wait out Playwright's 30 s).
    await page.getByTestId('text-input').waitFor();
    if (await page.getByTestId('clear').isEnabled()) await page.getByTestId('clear').click();
    await page.getByTestId('text-input').fill('small');
    await expect.poll(() => page.getByTestId('input-kept').getAttribute('data-kept')).toBe('true');
    const { a, b } = largeFiles();
    expect(statSync(a).size).toBeGreaterThan(4_500_000);
    const watch = await watchMainThread(page, { withTestCalls: true });
    await page.getByTestId('file-input-a').setInputFiles(a);
    await page.getByTestId('file-input-b').setInputFiles(b);
    await expect.poll(() => count(page, 'added'), { timeout: 60_000 }).toBe('11');
    expect(await count(page, 'removed')).toBe('11');
    // Out of the text boxes: no controlled textarea holds the megabytes.
    expect(await page.getByTestId('large-text-a').count()).toBe(1);
    expect(await page.getByTestId('large-text-b').count()).toBe(1);
    expect(await page.locator('textarea').evaluateAll((els) => Math.max(0, ...els.map((e) => (e as HTMLTextAreaElement).value.length)))).toBeLessThan(1000);
    // Not kept, and the page says so.
    await expect.poll(() => page.getByTestId('input-kept').getAttribute('data-kept')).toBe('false');
    expect(await page.getByTestId('input-kept').textContent()).toBe(tr('en', 'inputs.notKept'));
    await page.getByRole('radio', { name: 'Side by side' }).check();
    // Every change's row is on the page (the last is 5,000 lines from the end), then the page has gone idle: the
    // rows' tasks are all in the trace.
    await expect.poll(() => page.getByTestId('side-by-side').locator('tr[data-kind="changed"]').count()).toBe(11);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(resolve, { timeout: 2000 }))));
    // The 110,000-row answer crosses from the worker packed (changed rows whole, unchanged ones as line numbers):
    // unpacked in one task it took 334 ms of CPU (1.2 s of samples in the comlink handler); now each row is made
    // when shown. Bounded on CPU time: wall time is what the machine's load decides.
    const busiestTask = busiest(await watch.stop());
    console.log(`busiest task loading two 4.6 MB files: ${describeTask(busiestTask)}`);
    expect(busiestTask.cpu).toBeLessThan(200);
    await page.getByTestId('clear').click();
    await expect.poll(() => page.getByTestId('input-kept').getAttribute('data-kept')).toBe('true');
  }, 120_000);

  it('made no request outside the origin and logged no error', () => {
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});

describe('text diff on a 375 px phone', () => {
  const app = appForSuite({ viewport: { width: 375, height: 800 } });

  it('fits the screen in both views', async () => {
    const { page } = app;
    await page.goto('/text/text-diff');
    await page.getByTestId('text-input').fill('const answer = computeTheAnswerToLifeTheUniverseAndEverything(42, { verbose: true });\nshort\n');
    await page.getByTestId('text-input-b').fill('const answer = computeTheAnswerToLifeTheUniverseAndEverything(43, { verbose: false });\nshort\n');
    await expect.poll(() => count(page, 'added')).toBe('1');
    for (const view of ['Side by side', 'Unified']) {
      await page.getByRole('radio', { name: view }).check();
      await page.getByTestId(view === 'Unified' ? 'patch' : 'side-by-side').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), view).toBeLessThanOrEqual(375);
    }
    expect(app.errors).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
  });
});
