import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { download, FIXTURES, row, settle } from './image-support';
import { identify } from './support/identify';


describe('files handed from tool to tool, and into the app from the system', () => {
  const sessions: AppSession[] = [];
  afterEach(async () => {
    for (const app of sessions.splice(0)) await app.close();
  });

  it('sends a resized image to the favicon converter without a download; the icons are made from it', async () => {
    const app = await openApp();
    sessions.push(app);
    const { page } = app;
    await page.goto('/image/image-resize?lng=en');
    await page.getByTestId('resize-width').fill('256');
    await page.getByTestId('output-format').selectOption('png');
    await page.getByTestId('file-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: readFileSync(path.join(FIXTURES, 'cat.jpg')) });
    await settle(page, 1, 0);
    const send = row(page, 'photo.jpg').getByTestId('send-to');
    // Offered only to tools that take a PNG, never to the tool it is on.
    const offered = await send.locator('option[data-tool]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')));
    expect(offered).toContain('favicon-converter');
    expect(offered).toContain('png-to-svg');
    expect(offered).not.toContain('image-resize');
    expect(offered).not.toContain('video-compress');
    await send.selectOption({ label: tr('en', 'tools.favicon-converter.name') });
    // Sent results count as kept: no "leave the page?" question.
    await page.getByTestId('tool-title').filter({ hasText: tr('en', 'tools.favicon-converter.name') }).waitFor();
    expect(await page.getByTestId('leave-dialog').count()).toBe(0);
    await expect.poll(() => page.locator('[data-status="done"][data-testid="result-row"]').count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(8);
    const zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    expect(identify(zip['android-chrome-512x512.png'])).toBe('PNG 512x512');
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  it('a file shared to the app (Web Share Target, through the service worker) opens in the tool the user picks', async () => {
    const app = await openApp();
    sessions.push(app);
    const { page } = app;
    await page.goto('/?lng=en');
    await page.getByTestId('home-title').waitFor();
    // The service worker must control the page, as it does for the installed app: it does from the next load.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.getByTestId('home-title').waitFor();
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    // What the system's share sheet sends: a multipart POST of the files to the manifest's share_target action.
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest.share_target).toMatchObject({ action: '/share-target', method: 'POST', enctype: 'multipart/form-data' });
    expect(manifest.file_handlers[0]).toMatchObject({ action: '/open' });
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.enctype = 'multipart/form-data';
      form.action = '/share-target';
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'files';
      input.multiple = true;
      input.id = 'share-input';
      form.append(input);
      document.body.append(form);
    });
    await page.locator('#share-input').setInputFiles([path.join(FIXTURES, 'cat.jpg'), path.join(FIXTURES, 'coffee.png')]);
    await Promise.all([page.waitForURL(/\/open\?shared=2$/), page.evaluate(() => (document.querySelector('form') as HTMLFormElement).submit())]);
    await expect.poll(() => page.getByTestId('open-file').allTextContents()).toHaveLength(2);
    expect((await page.getByTestId('open-file').allTextContents()).join(' ')).toContain('coffee.png');
    const tools = await page.getByTestId('open-tool').evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')));
    expect(tools).toContain('image-converter');
    expect(tools).not.toContain('svg-to-png');
    await page.locator('[data-testid="open-tool"][data-tool="image-converter"]').click();
    // The converter's default output is WebP.
    await settle(page, 2, 0);
    const out = await download(page, () => row(page, 'coffee.png').getByTestId('download').click());
    expect(identify(out.bytes)).toBe('WEBP 225x150');
    // Taken once: opening /open again shows nothing left over.
    await page.goto('/open?lng=en');
    await page.getByTestId('open-empty').waitFor();
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
