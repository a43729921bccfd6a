import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeIco } from '../src/tools/favicon/shared/ico.testing';
import { decodePng, isOpaque } from '../src/tools/favicon/shared/png.testing';
import { appForSuite, foreignRequests } from './support/app';
import { identify } from './support/identify';
import { tr } from './support/locales';
import { unsafeConstructs } from './support/svg-safety';
import { recordWorks } from './support/matrix';

const FIXTURES = path.resolve('src/tools/favicon/converter/fixtures');
const PNG_SIZES: Record<string, number> = {
  'favicon-16x16.png': 16,
  'favicon-32x32.png': 32,
  'apple-touch-icon.png': 180,
  'android-chrome-192x192.png': 192,
  'android-chrome-512x512.png': 512,
  'maskable-icon-512x512.png': 512,
};

async function download(page: Page, testId: string, index = 0): Promise<{ name: string; bytes: Uint8Array }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).nth(index).click()]);
  return { name: file.suggestedFilename(), bytes: new Uint8Array(readFileSync((await file.path())!)) };
}

async function packageReady(page: Page) {
  await page.locator('[data-testid="result-row"][data-status="done"]').first().waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId('download-all').isEnabled()).toBe(true);
}

/** Unzips the package and checks every file: PNG sizes (ImageMagick), pixels (jSquash), the ICO's directory and pixels, the manifest. */
async function checkPackage(zip: Uint8Array, expectSvg: boolean): Promise<Record<string, Uint8Array>> {
  const files = unzipSync(zip);
  const names = Object.keys(files).sort();
  expect(names).toEqual(
    [...Object.keys(PNG_SIZES), 'favicon.ico', 'site.webmanifest', ...(expectSvg ? ['favicon.svg'] : [])].sort(),
  );
  for (const [name, size] of Object.entries(PNG_SIZES)) {
    expect(identify(files[name]), name).toBe(`PNG ${size}x${size}`);
    expect((await decodePng(files[name])).data.length, name).toBe(size * size * 4);
  }
  expect(isOpaque(await decodePng(files['apple-touch-icon.png']))).toBe(true);
  expect(isOpaque(await decodePng(files['maskable-icon-512x512.png']))).toBe(true);

  const ico = await decodeIco(files['favicon.ico']);
  expect(ico.map((e) => [e.width, e.height])).toEqual([
    [16, 16],
    [32, 32],
    [48, 48],
  ]);
  // The 32 px entry is the same picture as favicon-32x32.png.
  expect(Array.from(ico[1].image.data)).toEqual(Array.from((await decodePng(files['favicon-32x32.png'])).data));

  const manifest = JSON.parse(new TextDecoder().decode(files['site.webmanifest']));
  expect(manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`)).toEqual(['192x192', '512x512', '512x512 maskable']);
  return files;
}

/** A real, valid 1-bit greyscale PNG of width × height (all white): 50 KB of file for 400 MP of pixels. */
function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0;
  const raw = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(raw, y * row.length);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

describe('favicon tools', () => {
  const app = appForSuite({ clipboard: true });

  it('converts a 600×400 PNG logo into a complete package', async () => {
    const { page } = app;
    await page.goto('/favicon/converter');
    await page.getByTestId('file-input').setInputFiles(path.join(FIXTURES, 'logo-600x400.png'));
    await packageReady(page);
    // Not square and under 512 px: recommendations, not a refusal, with the choice of fit/crop/pad.
    expect(await page.getByTestId('source-warning').innerText()).toContain('512');
    expect(await page.getByTestId('square-mode').locator('input').count()).toBe(3);
    await page.getByTestId('app-name').fill('Test Logo');

    const zip = await download(page, 'download-all');
    expect(zip.name).toBe('favicon-package.zip');
    const files = await checkPackage(zip.bytes, false);
    expect(JSON.parse(new TextDecoder().decode(files['site.webmanifest'])).name).toBe('Test Logo');
    // The default keeps transparency: the non-square logo is fitted whole on transparent margins; its middle is the logo's blue.
    expect(await page.getByTestId('square-mode').locator('input[value="fit"]').isChecked()).toBe(true);
    const big = await decodePng(files['android-chrome-512x512.png']);
    expect(big.data[3]).toBe(0);
    const mid = (256 * 512 + 100) * 4;
    expect(big.data[mid + 2]).toBeGreaterThan(big.data[mid]);

    // One file on its own.
    const ico = await download(page, 'download', 0);
    expect(ico.name).toBe('favicon.ico');
    expect((await decodeIco(ico.bytes)).map((e) => e.width)).toEqual([16, 32, 48]);

    // The snippet can be copied.
    await page.getByTestId('copy-snippet').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('<link rel="manifest" href="/site.webmanifest">');

    // Crop instead: the 512 px icon is now the centre of the logo, edge to edge (no white margin on top).
    await page.getByTestId('square-mode').getByRole('radio').first().check();
    await expect.poll(() => page.locator('[data-status="done"][data-testid="result-row"]').count()).toBe(8);
    const cropped = await checkPackage((await download(page, 'download-all')).bytes, false);
    const crop = await decodePng(cropped['android-chrome-512x512.png']);
    const edge = (256 * 512 + 2) * 4; // left edge, middle row: the logo's blue, not a white margin
    // Exactly the logo's blue: the resampler keeps flat colours (jSquash alone gave 24,57,170).
    expect(Array.from(crop.data.subarray(edge, edge + 4))).toEqual([24, 58, 170, 255]);
    recordWorks('chromium', 'favicon-converter', 'ZIP of ICO/PNG icons, decoded');
  });

  it('keeps a square transparent logo transparent in every icon but the apple-touch one; "keep as is" or the background colour', async () => {
    const { page } = app;
    await page.goto('/favicon/converter');
    await page.getByTestId('file-input').setInputFiles(path.join(FIXTURES, 'badge-256.png'));
    await packageReady(page);
    // The square choice is shown for a square source too, with "keep as is" chosen.
    const choice = page.getByTestId('square-mode');
    expect(await choice.locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(['keep', 'pad']);
    expect(await choice.locator('input[value="keep"]').isChecked()).toBe(true);
    expect(await choice.innerText()).toContain(tr('en', 'converter.modes.keep', 'favicon'));
    const files = await checkPackage((await download(page, 'download-all')).bytes, false);
    for (const name of ['favicon-16x16.png', 'favicon-32x32.png', 'android-chrome-192x192.png', 'android-chrome-512x512.png']) expect((await decodePng(files[name])).data[3], name).toBe(0);
    for (const entry of await decodeIco(files['favicon.ico'])) expect(entry.image.data[3], `favicon.ico ${entry.width}`).toBe(0);
    expect(Array.from((await decodePng(files['apple-touch-icon.png'])).data.subarray(0, 4))).toEqual([255, 255, 255, 255]);
    const mid = await decodePng(files['android-chrome-512x512.png']);
    // The disc's green (within the decoder's colour handling of the fixture's gAMA chunk), opaque.
    const centre = Array.from(mid.data.subarray((256 * 512 + 256) * 4, (256 * 512 + 256) * 4 + 4));
    expect(Math.max(...[10, 150, 60, 255].map((v, i) => Math.abs(centre[i] - v)))).toBeLessThan(12);

    // Chosen on purpose, the background colour fills the corners.
    // click, not check: the choice is redrawn while the package is remade.
    await choice.locator('input[value="pad"]').click();
    await expect.poll(() => page.locator('[data-status="done"][data-testid="result-row"]').count(), { timeout: 30_000 }).toBe(8);
    const padded = await checkPackage((await download(page, 'download-all')).bytes, false);
    expect(Array.from((await decodePng(padded['favicon-32x32.png'])).data.subarray(0, 4))).toEqual([255, 255, 255, 255]);
  });

  it('refuses a file that is not an image with a clear message', async () => {
    const { page } = app;
    await page.goto('/favicon/converter');
    await page.getByTestId('file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    expect(await page.getByTestId('row-error').innerText()).toBe(tr('en', 'errors.invalidType', 'favicon'));
    // A text file in disguise is caught when decoding, and named for what it is.
    await page.getByTestId('file-input').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a png at all') });
    await expect.poll(() => page.getByTestId('row-error').innerText().catch(() => '')).toBe(tr('en', 'errors.notImage', 'favicon'));
    // A cut-off JPEG is incomplete, not "an invalid file type", and nothing asks to "upload" it.
    const truncated = readFileSync(path.resolve('src/engines/codecs/fixtures/truncated.jpg'));
    await page.getByTestId('file-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: truncated });
    const cut = tr('en', 'errors.truncated', 'favicon').replace('{{format}}', 'JPEG');
    await expect.poll(() => page.getByTestId('row-error').innerText().catch(() => '')).toBe(cut);
    expect(cut).toMatch(/Download or copy it again/);
    expect(cut).not.toMatch(/upload/i);
  });

  it('refuses a 400 MP PNG at once with the image tools\' pixel limit (issue 25.6: it took 25 s)', async () => {
    const { page } = app;
    await page.goto('/favicon/converter');
    await page.getByTestId('file-input').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: hugePng(20_000, 20_000) });
    const started = Date.now();
    await page.getByTestId('row-error').waitFor({ timeout: 10_000 });
    console.log(`favicon 400 MP PNG refused in ${((Date.now() - started) / 1000).toFixed(2)} s`);
    expect(await page.getByTestId('row-error').innerText()).toBe(
      tr('en', 'errors.tooManyPixels', 'image-codecs').replace(/\{\{(\w+)\}\}/g, (_, k: string) => String({ width: 20000, height: 20000, megapixels: 400, limit: 100 }[k])),
    );
  });

  it('keeps a hostile SVG as a sanitized favicon.svg, drawn only through <img>', async () => {
    const { page } = app;
    await page.goto('/favicon/converter');
    // "Leave the page with work not saved?" (beforeunload) is the app's own question: yes. Any other dialog
    // would come from the hostile SVG.
    page.on('dialog', (d) => {
      if (d.type() === 'beforeunload') return void d.accept();
      app.errors.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    await page.getByTestId('file-input').setInputFiles(path.join(FIXTURES, 'hostile-logo.svg'));
    await packageReady(page);
    await page.getByTestId('square-mode').locator('input[value="pad"]').check();
    await packageReady(page);
    const files = await checkPackage((await download(page, 'download-all')).bytes, true);
    const svg = new TextDecoder().decode(files['favicon.svg']);
    for (const bad of ['<script', 'onload', 'javascript:', 'example.com', 'foreignObject', '@import']) expect(svg, bad).not.toContain(bad);
    expect(unsafeConstructs(svg)).toEqual([]);
    expect(svg).toContain('viewBox="0 -50 200 200"'); // padded to a square around the 200×100 original
    // Rendered from the vector at 512 px: the teal badge is in the middle row.
    const big = await decodePng(files['android-chrome-512x512.png']);
    const o = (256 * 512 + 20) * 4;
    expect(Array.from(big.data.subarray(o, o + 3))).toEqual([15, 118, 110]);
    expect(await page.locator('svg[onload], script:not([src])').count()).toBe(0);
  });

  it('generates a package from text, with a vector favicon.svg', async () => {
    const { page } = app;
    await page.goto('/favicon/generator');
    await page.getByTestId('text-input').fill('ABC');
    expect(await page.getByTestId('text-error').innerText()).toBe(tr('en', 'generator.textErrors.tooLong', 'favicon'));
    await page.getByTestId('text-input').fill('LK');
    await page.getByTestId('app-name').fill('Localkit Test');
    await page.getByTestId('live-preview').waitFor();
    await packageReady(page);
    const files = await checkPackage((await download(page, 'download-all')).bytes, true);
    const svg = new TextDecoder().decode(files['favicon.svg']);
    expect(svg).toContain('>LK</text>');
    expect(unsafeConstructs(svg)).toEqual([]);
    expect(svg).toMatch(/@font-face\{font-family:"LK Inter";src:url\(data:font\/woff2;base64,/);
    // favicon.svg is written (sanitised) when first downloaded: alone it is the ZIP's file, its size then listed.
    const row = page.locator('[data-testid="result-row"][data-name="favicon.svg"]');
    const [alone] = await Promise.all([page.waitForEvent('download'), row.getByTestId('download').click()]);
    expect(alone.suggestedFilename()).toBe('favicon.svg');
    expect(readFileSync((await alone.path())!, 'utf8')).toBe(svg);
    await expect.poll(() => row.textContent()).toMatch(/ · \d[\d.,]* (B|KB)/);
    // Rounded square in the default colours: transparent corner, blue body, white letters somewhere in the middle.
    const big = await decodePng(files['android-chrome-512x512.png']);
    expect(big.data[3]).toBe(0);
    expect(Array.from(big.data.subarray((40 * 512 + 256) * 4, (40 * 512 + 256) * 4 + 4))).toEqual([29, 78, 216, 255]);
    let white = 0;
    for (let x = 100; x < 412; x++) if (big.data[(256 * 512 + x) * 4] > 240) white++;
    expect(white).toBeGreaterThan(20);
    recordWorks('chromium', 'favicon-generator', 'package from text, favicon.svg');
  });

  it('draws the text with the bundled font, not a fallback', async () => {
    const { page } = app;
    await page.getByTestId('font').selectOption('pacifico');
    await page.getByTestId('text-input').fill('g');
    await packageReady(page);
    const files = unzipSync((await download(page, 'download-all')).bytes);
    const svg = new TextDecoder().decode(files['favicon.svg']);
    expect(svg).toContain('font-family:"LK Pacifico"');
    const png = await decodePng(files['android-chrome-512x512.png']);
    // Draw favicon.svg again in the page, as it is and without its @font-face: the PNG matches the first only.
    const [withFace, withoutFace] = await page.evaluate(async (text) => {
      const draw = async (svgText: string) => {
        const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
        const img = new Image();
        img.src = url;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 512;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0, 512, 512);
        URL.revokeObjectURL(url);
        return canvas.toDataURL('image/png');
      };
      return [await draw(text), await draw(text.replace(/<defs>.*<\/defs>/, ''))];
    }, svg);
    const differing = async (dataUrl: string) => {
      const other = await decodePng(new Uint8Array(Buffer.from(dataUrl.split(',')[1], 'base64')));
      let n = 0;
      for (let i = 0; i < png.data.length; i += 4) if (Math.abs(png.data[i] - other.data[i]) > 64) n++;
      return n;
    };
    expect(await differing(withFace)).toBeLessThan(50);
    expect(await differing(withoutFace)).toBeGreaterThan(1000);
  });

  it('generates from a searchable lucide icon', async () => {
    const { page } = app;
    await page.getByTestId('glyph-mode').getByText('Icon').click();
    await page.getByTestId('icon-search').fill('rocket');
    await page.getByRole('button', { name: 'rocket', exact: true }).click();
    await packageReady(page);
    const files = await checkPackage((await download(page, 'download-all')).bytes, true);
    expect(new TextDecoder().decode(files['favicon.svg'])).toContain('stroke-linecap="round"');
    expect(unsafeConstructs(Buffer.from(files['favicon.svg']))).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  it('says so when no font on this device can draw the chosen emoji (the icons would hold empty boxes)', async () => {
    const { page } = app;
    const emojiFont = execFileSync('fc-list', [':charset=1f680', 'family'], { encoding: 'utf8' }).trim() !== '';
    await page.getByTestId('glyph-mode').getByText('Emoji').click();
    await page.getByTestId('emoji-picker').waitFor();
    // "☺" is in DejaVu Sans, which every machine here has: no warning.
    await page.getByTestId('emoji-picker').locator('input:not([type="search"])').fill('☺');
    await packageReady(page);
    expect(await page.getByTestId('emoji-missing').count()).toBe(0);
    // 🚀 needs an emoji font: this machine has one, or the page says it has none.
    await page.getByTestId('emoji-picker').locator('input:not([type="search"])').fill('🚀');
    await expect.poll(() => page.getByTestId('emoji-missing').count()).toBe(emojiFont ? 0 : 1);
    console.log(`emoji font for U+1F680 on this machine: ${emojiFont}; warning shown: ${!emojiFont}`);
    if (!emojiFont) expect(await page.getByTestId('emoji-missing').textContent()).toBe(tr('en', 'generator.emojiMissing', 'favicon').replace('{{emoji}}', '🚀'));
  });
});
