import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { rows } from './support/results';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><!-- a comment svgo removes --><rect x="0" y="0" width="40" height="40" fill="#ff0000"/></svg>';

/** Starts a drag of files over `selector` (dragenter + dragover), as a desktop browser does. Returns whether the page allowed the drop. */
function dragOver(app: AppSession, selector: string, files: { name: string; type: string; text: string }[]) {
  return app.page.evaluate(
    ({ selector, files }) => {
      const dt = new DataTransfer();
      for (const f of files) dt.items.add(new File([f.text], f.name, { type: f.type }));
      (window as unknown as { __dt: DataTransfer }).__dt = dt;
      const target = document.querySelector(selector)!;
      target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true, cancelable: true }));
      const over = new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true });
      target.dispatchEvent(over);
      return over.defaultPrevented;
    },
    { selector, files },
  );
}

/** Drops the dragged files on `selector`. Returns whether the page handled the drop (else the browser would open the file). */
function drop(app: AppSession, selector: string) {
  return app.page.evaluate((selector) => {
    const dt = (window as unknown as { __dt: DataTransfer }).__dt;
    const event = new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true });
    document.querySelector(selector)!.dispatchEvent(event);
    return event.defaultPrevented;
  }, selector);
}

describe('files dropped anywhere in the window', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
    await app.close();
  });

  it('a file tool takes a file dropped outside its drop zone into its queue, with an overlay while dragging', async () => {
    const { page } = app;
    await page.goto('/svg/svg-optimizer');
    await page.getByTestId('file-drop').waitFor();
    expect(await page.getByTestId('drop-overlay').count()).toBe(0);
    // The tool's title is far from the dashed zone.
    expect(await dragOver(app, '[data-testid="tool-title"]', [{ name: 'red.svg', type: 'image/svg+xml', text: SVG }])).toBe(true);
    const overlay = page.getByTestId('drop-overlay');
    await overlay.waitFor();
    expect(await overlay.textContent()).toContain(tr('en', 'files.dropActive'));
    // ...said once: the zone under the overlay keeps its own words.
    expect(await page.getByTestId('file-drop').textContent()).not.toContain(tr('en', 'files.dropActive'));
    const box = (await overlay.boundingBox())!;
    expect(box.width).toBeGreaterThan(1200); // it covers the window, not only the zone
    expect(await drop(app, '[data-testid="tool-title"]')).toBe(true);
    await expect.poll(() => page.getByTestId('drop-overlay').count()).toBe(0);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().getAttribute('data-name')).toBe('red.svg');
  });

  it('a wrong type dropped on the page is named in the drop zone\'s error, not opened by the browser', async () => {
    const { page } = app;
    await page.goto('/svg/svg-optimizer');
    await page.getByTestId('file-drop').waitFor();
    await dragOver(app, 'footer', [{ name: 'notes.txt', type: 'text/plain', text: 'hello' }]);
    expect(await drop(app, 'footer')).toBe(true);
    await page.getByTestId('file-rejections').waitFor();
    expect(await page.getByTestId('file-rejections').textContent()).toContain('notes.txt');
    expect(await rows(page).count()).toBe(0);
  });

  it('a page without a drop zone still keeps the browser from replacing the app with the file', async () => {
    const { page } = app;
    await page.goto('/text/text-diff');
    await page.getByTestId('text-input').waitFor();
    expect(await dragOver(app, 'main', [{ name: 'a.txt', type: 'text/plain', text: 'x' }])).toBe(true);
    expect(await page.getByTestId('drop-overlay').count()).toBe(0);
    expect(await drop(app, 'main')).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/text/text-diff');
  });
});
