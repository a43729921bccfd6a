import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedFromGolden } from '../src/tools/text/text-converter/goldens.testing';
import { seriousViolations } from './support/axe';
import { download, row, rows } from './support/results';
import { appForSuite, type AppSession, foreignRequests, openApp } from './support/app';
import { tr } from './support/locales';
import { recordWorks } from './support/matrix';

const FIXTURES = path.resolve('src/tools/text/text-converter/fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

/** The output once the worker has answered for the current text and mode. */
async function settledOutput(page: Page): Promise<string> {
  const output = page.getByTestId('text-output');
  await expect.poll(() => output.getAttribute('data-busy'), { timeout: 20_000 }).toBe('false');
  return output.inputValue();
}



describe('text converter', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
    await app.page.goto('/text/text-converter');
    await app.page.getByTestId('text-input').waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('converts typed text with a case mode and with Simplified → Traditional (Taiwan, with phrases)', async () => {
    const { page } = app;
    await page.getByTestId('mode').selectOption('title');
    await page.getByTestId('text-input').fill('the lord of the rings: the return of the king\r\nwhat is NASA doing with the iPhone?');
    expect(await settledOutput(page)).toBe('The Lord of the Rings: The Return of the King\nWhat Is NASA Doing With the iPhone?');

    await page.getByTestId('mode').selectOption('snake');
    expect(await settledOutput(page)).toBe('the_lord_of_the_rings_the_return_of_the_king\nwhat_is_nasa_doing_with_the_i_phone');

    await page.getByTestId('mode').selectOption('s2twp');
    await page.getByTestId('text-input').fill('我用鼠标打开软件，查看内存和网络信息。\n出租车司机说：“这里的面条很好吃！”');
    // What `opencc -c s2twp.json` prints for the same text.
    expect(await settledOutput(page)).toBe('我用滑鼠開啟軟體，檢視記憶體和網路資訊。\n計程車司機說：“這裡的麵條很好吃！”');
    expect(await page.getByTestId('text-output').getAttribute('lang')).toBe('zh-TW');
    recordWorks('chromium', 'text-converter', 'case and Simplified → Traditional');
  });

  it('converts a batch in the worker pool: each file downloadable, all of them as a ZIP, binary refused in its row', async () => {
    const { page } = app;
    await page.getByTestId('file-input').setInputFiles([
      { name: 'episode-01.srt', mimeType: 'application/x-subrip', buffer: fixture('episode-01.srt') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: fixture('notes.txt') },
      // A real PNG under a text name: it passes the type check and must be refused by the conversion.
      { name: 'scan.txt', mimeType: 'text/plain', buffer: readFileSync(path.resolve('public/icons/icon-192.png')) },
    ]);
    await expect.poll(() => rows(page).count()).toBe(3);
    await expect.poll(async () => [await rows(page, 'done').count(), await rows(page, 'error').count()], { timeout: 30_000 }).toEqual([2, 1]);
    expect(await row(page, 'scan.txt').getAttribute('data-status')).toBe('error');
    expect(await row(page, 'scan.txt').getByTestId('row-error').textContent()).toBe(tr('en', 'errors.notText').replace('{{name}}', 'scan.txt'));

    // One file: the subtitles keep their byte order mark and CRLF, and match the OpenCC tool byte for byte.
    const srt = await download(page, () => row(page, 'episode-01.srt').getByTestId('download').click());
    expect(srt.name).toBe('episode-01.zh-TW.srt');
    const expectedSrt = Buffer.from(expectedFromGolden(fixture('episode-01.s2twp.srt').toString('utf8'), 's2twp'), 'utf8');
    expect([...srt.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(srt.bytes.equals(expectedSrt)).toBe(true);

    // All of them: both converted files are in the ZIP, the refused one is not.
    const zip = await download(page, () => page.getByTestId('download-all').click());
    expect(zip.name).toBe('localkit-text-converted.zip');
    const entries = unzipSync(new Uint8Array(zip.bytes));
    expect(Object.keys(entries).sort()).toEqual(['episode-01.zh-TW.srt', 'notes.zh-TW.txt']);
    expect(Buffer.from(entries['episode-01.zh-TW.srt']).equals(expectedSrt)).toBe(true);
    expect(new TextDecoder().decode(entries['notes.zh-TW.txt'])).toBe(expectedFromGolden(fixture('notes.s2twp.txt').toString('utf8'), 's2twp'));
  });

  it('offers to convert the files again when the mode changes, and remembers the mode', async () => {
    const { page } = app;
    expect(await page.getByTestId('stale-results').count()).toBe(0);
    await page.getByTestId('mode').selectOption('upper');
    await page.getByTestId('stale-results').waitFor();
    await page.getByTestId('convert-again').click();
    await page.getByTestId('stale-results').waitFor({ state: 'detached' });
    await expect.poll(async () => [await rows(page, 'done').count(), await rows(page, 'error').count()], { timeout: 30_000 }).toEqual([2, 1]);
    const notes = await download(page, () => row(page, 'notes.txt').getByTestId('download').click());
    expect(notes.name).toBe('notes.upper.txt');
    expect(notes.bytes.toString('utf8')).toBe(fixture('notes.txt').toString('utf8').toUpperCase());

    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await page.getByTestId('text-input').waitFor();
    expect(await page.getByTestId('mode').inputValue()).toBe('upper');
  });

  it('sent nothing to another origin and raised no error', () => {
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});

describe('text converter on a 375 px phone in dark mode', () => {
  const app = appForSuite({ viewport: { width: 375, height: 812 }, colorScheme: 'dark', locale: 'zh-CN' });

  it('fits the screen, is translated and has no serious accessibility violation', async () => {
    const { page } = app;
    await page.goto('/text/text-converter');
    await page.getByTestId('text-input').waitFor();
    await page.getByTestId('mode').selectOption('tw2sp');
    expect(await page.getByTestId('mode-hint').textContent()).toBe(tr('zh', 'hints.tw2sp', 'text-converter'));
    await page.getByTestId('text-input').fill('我們的行程很緊湊，記得帶筆記型電腦。');
    expect(await settledOutput(page)).toBe('我们的行程很紧凑，记得带笔记本电脑。');
    await page.getByTestId('file-input').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: fixture('notes.txt') }]);
    await expect.poll(() => rows(page, 'done').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The tool's own content; the shell's header is the shell's business (and its own a11y test's).
    expect(await seriousViolations(page, '[data-tool-page="text-converter"]')).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
