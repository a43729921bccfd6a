// Text inputs stay on the device across reloads and visits until the user clears them.
import { describe, expect, it } from 'vitest';
import { appForSuite } from './support/app';
import { tr } from './support/locales';
import { svgFile } from './svg-tools-helpers';

describe('text inputs kept on the device', () => {
  const app = appForSuite({ serviceWorkers: 'block' });

  it('word count: the text survives a reload and a visit elsewhere; clear empties it for good', async () => {
    const { page } = app;
    await page.goto('/writer/word-count');
    expect(await page.getByTestId('input-kept').textContent()).toBe(tr('en', 'inputs.kept'));
    await page.getByTestId('text-input').fill('four words kept here');
    await expect.poll(() => page.getByTestId('stat-words').getAttribute('data-value')).toBe('4');
    await page.reload();
    expect(await page.getByTestId('text-input').inputValue()).toBe('four words kept here');
    await expect.poll(() => page.getByTestId('stat-words').getAttribute('data-value')).toBe('4');
    await page.goto('/');
    await page.goto('/writer/word-count');
    expect(await page.getByTestId('text-input').inputValue()).toBe('four words kept here');
    await page.getByTestId('text-input').locator('xpath=..').getByRole('button', { name: 'Clear all' }).click();
    expect(await page.getByTestId('text-input').inputValue()).toBe('');
    await page.reload();
    expect(await page.getByTestId('text-input').inputValue()).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('localkit-input:word-count'))).toBeNull();
  });

  it('text diff: both texts survive a reload and the diff is shown again', async () => {
    const { page } = app;
    await page.goto('/text/text-diff');
    await page.getByTestId('text-input').fill('alpha\nbeta\n');
    await page.getByTestId('text-input-b').fill('alpha\ngamma\n');
    await expect.poll(() => page.getByTestId('added-count').getAttribute('data-value')).toBe('1');
    await page.reload();
    expect(await page.getByTestId('text-input').inputValue()).toBe('alpha\nbeta\n');
    expect(await page.getByTestId('text-input-b').inputValue()).toBe('alpha\ngamma\n');
    await expect.poll(() => page.getByTestId('added-count').getAttribute('data-value')).toBe('1');
    await page.getByTestId('clear').click();
    await page.reload();
    expect(await page.getByTestId('text-input').inputValue()).toBe('');
    expect(await page.getByTestId('text-input-b').inputValue()).toBe('');
  });

  it('text converter: the text survives a reload and converts again', async () => {
    const { page } = app;
    await page.goto('/text/text-converter');
    await page.getByTestId('text-input').fill('kept text');
    await expect.poll(() => page.getByTestId('text-output').inputValue(), { timeout: 20_000 }).toBe('KEPT TEXT');
    await page.reload();
    expect(await page.getByTestId('text-input').inputValue()).toBe('kept text');
    await expect.poll(() => page.getByTestId('text-output').inputValue(), { timeout: 20_000 }).toBe('KEPT TEXT');
    await page.getByTestId('clear-text').click();
    await page.reload();
    expect(await page.getByTestId('text-input').inputValue()).toBe('');
  });

  it('date playgrounds: the expression survives a reload and runs again; clear empties it for good; garbage gives the first example', async () => {
    const { page } = app;
    for (const [path, id, code, shown] of [
      ['/date/dayjs-utils', 'dayjs-utils', "dayjs('2024-02-29').add(1, 'day').format('YYYY-MM-DD')", '2024-03-01'],
      ['/date/moment-utils', 'moment-utils', "moment('2024-02-29').add(2, 'days').format('YYYY-MM-DD')", '2024-03-02'],
    ]) {
      await page.goto(path);
      expect(await page.getByTestId('input-kept').textContent()).toBe(tr('en', 'inputs.kept'));
      await page.getByTestId('text-input').fill(code);
      await expect.poll(() => page.getByTestId('result-value').innerText(), { timeout: 15_000 }).toBe(shown);
      await page.reload();
      expect(await page.getByTestId('text-input').inputValue(), path).toBe(code);
      await expect.poll(() => page.getByTestId('result-value').innerText(), { timeout: 15_000 }).toBe(shown);
      await page.getByRole('button', { name: 'Clear all' }).click();
      expect(await page.getByTestId('text-input').inputValue()).toBe('');
      await page.reload();
      expect(await page.getByTestId('text-input').inputValue(), path).toBe('');
      await page.evaluate((key) => localStorage.setItem(key, '{"code":["x"]}'), `localkit-input:${id}`);
      await page.reload();
      await expect.poll(() => page.getByTestId('result-value').innerText(), { timeout: 15_000 }).toBe('2025-02-28');
    }
  });

  it('a stored input of the wrong shape is ignored, not fatal', { timeout: 240_000 }, async () => {
    const { page } = app;
    for (const raw of ['{"text":5}', '[1]', 'null', '{"a":{"x":1},"b":7}', 'not json']) {
      await page.evaluate((r) => ['word-count', 'text-diff', 'text-converter'].forEach((id) => localStorage.setItem(`localkit-input:${id}`, r)), raw);
      for (const path of ['/writer/word-count', '/text/text-diff', '/text/text-converter']) {
        await page.goto(path);
        expect(await page.getByTestId('text-input').inputValue(), `${path} with ${raw}`).toBe('');
      }
    }
  });

  it('svg preview: an opened file is work the page holds (the browser asks before leaving), the sample is not', async () => {
    const { page } = app;
    const wouldPrompt = () =>
      page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    await page.goto('/svg/svg-preview');
    await page.getByTestId('file-input').waitFor({ state: 'attached' });
    expect(await wouldPrompt()).toBe(false);
    await page.getByTestId('file-input').setInputFiles([svgFile('text-card.svg')]);
    await expect.poll(wouldPrompt, { timeout: 20_000 }).toBe(true);
  });
});
