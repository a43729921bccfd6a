import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { browserPixels, download, file, fixture, row, settle } from './image-support';

/** Mean absolute difference per colour channel, 0–255. */
function meanDiff(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) if (i % 4 !== 3) sum += Math.abs(a[i] - b[i]);
  return sum / ((a.length / 4) * 3);
}

describe('colour profiles', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
    await app.page.goto('/image/image-converter');
    await app.page.getByTestId('file-input').waitFor({ state: 'attached' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('converts a HEIC with an ICC profile (Adobe RGB) to the sRGB colours the browser shows', async () => {
    const { page } = app;
    await page.getByTestId('output-format').selectOption('png');
    await page.getByTestId('file-input').setInputFiles([file('coffee-a98.heic', 'image/heic'), file('coffee.heic', 'image/heic')]);
    await settle(page, 2, 0);
    const out = await browserPixels(page, (await download(page, () => row(page, 'coffee-a98.heic').getByTestId('download').click())).bytes);
    // The same pixel values in a PNG tagged with the same profile, as the browser colour-manages it.
    const reference = await browserPixels(page, fixture('coffee-a98.png'));
    const untagged = await browserPixels(page, fixture('coffee.png'));
    // A HEIC without a profile is sRGB already: its values are left as they are (lossy HEVC: close, not equal).
    const plain = await browserPixels(page, (await download(page, () => row(page, 'coffee.heic').getByTestId('download').click())).bytes);
    console.log(`Adobe RGB HEIC vs the browser's rendering ${meanDiff(out.data, reference.data).toFixed(2)} (untagged values ${meanDiff(untagged.data, reference.data).toFixed(2)}); plain HEIC vs its source ${meanDiff(plain.data, untagged.data).toFixed(2)}`);
    expect(meanDiff(out.data, reference.data)).toBeLessThan(1);
    expect(meanDiff(untagged.data, reference.data)).toBeGreaterThan(3);
    expect(meanDiff(plain.data, untagged.data)).toBeLessThan(8);
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
