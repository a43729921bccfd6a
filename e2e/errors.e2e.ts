// Each error says what is wrong with this file and what to do, in the page's language (issue 27).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForSuite, type AppSession } from './support/app';
import { tr } from './support/locales';
import { row } from './support/results';

const codec = (name: string) => readFileSync(path.resolve('src/engines/codecs/fixtures', name));
const errorOf = (app: AppSession, name: string) => row(app.page, name).getByTestId('row-error').textContent();

describe('error messages', () => {
  const app = appForSuite();

  for (const lng of ['en', 'de']) {
    it(`${lng}: background removal names a non-image and a cut-off JPEG, before any model loads`, async () => {
      const { page } = app;
      await page.goto(`/image/image-removebg?lng=${lng}`);
      await page.getByTestId('tool-title').waitFor();
      await page.getByTestId('file-input').setInputFiles([
        { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: codec('not-image.jpg') },
        { name: 'cut.jpg', mimeType: 'image/jpeg', buffer: codec('truncated.jpg') },
      ]);
      await expect.poll(() => page.locator('[data-testid="result-row"][data-status="error"]').count(), { timeout: 30_000 }).toBe(2);
      expect(await errorOf(app, 'notes.jpg')).toBe(tr(lng, 'errors.notImage', 'image-removebg'));
      expect(await errorOf(app, 'cut.jpg')).toBe(tr(lng, 'errors.truncated', 'image-removebg').replace('{{format}}', 'JPEG'));
      expect(await errorOf(app, 'notes.jpg')).not.toBe(tr(lng, 'errors.process', 'image-removebg'));
    });
  }

  it('de: the SVG parser\'s fault is told in German, with the line and what to do', async () => {
    const { page } = app;
    await page.goto('/svg/svg-to-png?lng=de');
    await page.getByTestId('tool-title').waitFor();
    await page.getByTestId('file-input').setInputFiles([
      { name: 'open.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\n<rect width="10" height="10"/>') },
      { name: 'mismatch.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>') },
    ]);
    await expect.poll(() => page.locator('[data-testid="result-row"][data-status="error"]').count(), { timeout: 30_000 }).toBe(2);
    const texts = [await errorOf(app, 'open.svg'), await errorOf(app, 'mismatch.svg')];
    console.log(texts.join('\n'));
    const [prefix, rest] = tr('de', 'errors.invalidAt', 'svg-tools').split(': $t(svg-tools:parser.{{reason}})');
    for (const text of texts) {
      expect(text).toMatch(new RegExp(`^${prefix.replace('{{line}}', '\\d+').replace('{{column}}', '\\d+').replace(/[()]/g, '\\$&')}: `));
      expect(text!.endsWith(rest)).toBe(true);
      // None of the parser's English: "Unclosed root tag", "Opening and ending tag mismatch", "Premature end of data".
      expect(text).not.toMatch(/unclosed|mismatch|premature|opening and ending|root tag|end of data|expected/i);
    }
    expect(texts[1]).toContain(tr('de', 'parser.mismatch', 'svg-tools'));
  });
});
