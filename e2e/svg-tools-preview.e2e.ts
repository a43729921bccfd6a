import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { unsafeConstructs } from './support/svg-safety';
import { armTripwire, download, pwned, svgFile, svgFixture } from './svg-tools-helpers';
import { recordWorks } from './support/matrix';

const XSS = ['xss/script-and-handlers.svg', 'xss/remote-refs.svg', 'xss/foreign-object.svg', 'xss/obfuscated.svg'];

describe('SVG preview', () => {
  let app: AppSession;
  let trip: { dialogs: string[] };
  beforeAll(async () => {
    app = await openApp();
    trip = await armTripwire(app.page);
    await app.page.goto('/svg/svg-preview');
    await app.page.getByTestId('code-editor').waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  const facts = () => app.page.getByTestId('preview-facts').textContent();
  const previewError = () => app.page.getByTestId('preview-error').textContent();

  it('shows the code in CodeMirror and the picture beside it, with its size and element count', async () => {
    const { page } = app;
    await page.getByTestId('preview-image').waitFor();
    expect(await facts()).toMatch(/^240 × 160 px · 8 elements · /);
    // A plain textarea with the page (CodeMirror is not in its first load), CodeMirror once the user reaches for it.
    expect(await page.locator('textarea[data-testid="text-input"]').count()).toBe(1);
    await page.getByTestId('text-input').fill(svgFixture('graph-dot.svg').toString('utf8'));
    await page.locator('.cm-content[data-testid="text-input"]').waitFor();
    expect(await page.getByTestId('text-input').textContent()).toContain('<svg');
    await expect.poll(facts).toMatch(/^226\.67 × 250\.67 px · 36 elements · /);
    expect(await page.getByTestId('preview-image').getAttribute('width')).toBe('226.66666666666666');
    await page.getByTestId('zoom-in').click();
    expect(await page.getByTestId('zoom').textContent()).toBe('200%');
    expect(Number(await page.getByTestId('preview-image').getAttribute('width'))).toBeCloseTo(453.33, 1);
    await page.getByTestId('backdrop').selectOption('dark');
    // The decoded picture really is there: the browser gave it its size.
    expect(await page.getByTestId('preview-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    recordWorks('chromium', 'svg-preview', 'code and picture, size and element count');
  });

  it('names the error: invalid code with the line and column, no <svg> root, empty input', async () => {
    const { page } = app;
    await page.getByTestId('text-input').fill('<svg xmlns="http://www.w3.org/2000/svg">\n  <g>\n    <rect width="10" height="10">\n  </g>\n</svg>');
    await expect.poll(previewError).toMatch(/^Invalid SVG code \(line 4, column \d+\): /);
    await page.getByTestId('text-input').fill('<html><body/></html>');
    await expect.poll(previewError).toBe('Invalid SVG code: the root element is not <svg>.');
    await page.getByTestId('clear').click();
    await expect.poll(previewError).toBe('No preview available, please enter valid SVG code');
    expect(await page.getByTestId('download').isDisabled()).toBe(true);
  });

  it('formats minified code in a worker and downloads exactly the code shown', async () => {
    const { page } = app;
    await page.getByTestId('text-input').fill('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g fill="red"><rect width="5" height="5"/><circle cx="7" cy="7" r="2"/></g></svg>');
    await expect.poll(facts).toMatch(/^10 × 10 px · 4 elements/);
    await page.getByTestId('format').click();
    const expected = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n  <g fill="red">\n    <rect width="5" height="5"/>\n    <circle cx="7" cy="7" r="2"/>\n  </g>\n</svg>\n';
    await expect.poll(async () => (await download(page, () => page.getByTestId('download').click())).bytes.toString('utf8')).toBe(expected);
  });

  it('opens a file, and neither runs script nor fetches anything from the XSS corpus; "remove unsafe content" strips it all', async () => {
    const { page } = app;
    await page.getByTestId('file-input').setInputFiles([svgFile('text-card.svg')]);
    await expect.poll(facts).toMatch(/^320 × 120 px · 5 elements/);
    for (const name of XSS) {
      await page.getByTestId('text-input').fill(svgFixture(name).toString('utf8'));
      await page.getByTestId('preview-image').waitFor();
      await page.getByTestId('preview-image').hover();
      await page.getByTestId('preview-image').click();
      await page.waitForTimeout(300);
      expect(await pwned(page)).toBeNull();

      await page.getByTestId('sanitize').click();
      const clean = (await download(page, () => page.getByTestId('download').click())).bytes.toString('utf8');
      expect(clean).toMatch(/^<svg /);
      expect(clean).not.toMatch(/<script|\son[a-z]+=|javascript:|evil\.example|foreignObject|@import|<iframe/i);
      // Judged again by a parser we did not write (Python's expat): nothing unsafe left.
      expect(unsafeConstructs(clean), name).toEqual([]);
    }
    // What is harmless stays: shapes, local gradients, <use> of a local id, embedded text.
    await page.getByTestId('text-input').fill(svgFixture('gradient-transform.svg').toString('utf8'));
    await page.getByTestId('sanitize').click();
    const kept = (await download(page, () => page.getByTestId('download').click())).bytes.toString('utf8');
    expect(kept.match(/<use /g)).toHaveLength(8);
    expect(kept).toContain('href="#ray"');
    expect(kept).toContain('fill="url(#sky)"');
    expect(kept).toContain('<radialGradient');
  }, 180_000);

  it('ran no script, sent nothing to another origin and raised no error', async () => {
    expect(await pwned(app.page)).toBeNull();
    expect(trip.dialogs).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
