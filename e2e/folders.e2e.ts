import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { download, FIXTURES, settle } from './image-support';
import { identify } from './support/identify';

describe('folders', () => {
  let app: AppSession;
  let dir: string;
  beforeAll(async () => {
    // A folder as users have them: photos in subfolders, two files of one name, a note and a system file.
    dir = mkdtempSync(path.join(tmpdir(), 'folder-'));
    const root = path.join(dir, 'Holiday');
    mkdirSync(path.join(root, 'day 1'), { recursive: true });
    mkdirSync(path.join(root, 'day 2', 'beach'), { recursive: true });
    copyFileSync(path.join(FIXTURES, 'cat.jpg'), path.join(root, 'cover.jpg'));
    copyFileSync(path.join(FIXTURES, 'cat.jpg'), path.join(root, 'day 1', 'cat.jpg'));
    copyFileSync(path.join(FIXTURES, 'coffee.png'), path.join(root, 'day 2', 'beach', 'cat.png'));
    writeFileSync(path.join(root, 'day 1', 'notes.txt'), 'not an image');
    writeFileSync(path.join(root, '.DS_Store'), 'system file');
    app = await openApp();
    await app.page.goto('/image/image-converter?lng=en');
    await app.page.getByTestId('file-input').waitFor({ state: 'attached' });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes every image of a chosen folder, counts what it left out, and keeps the tree in the ZIP', async () => {
    const { page } = app;
    await page.getByTestId('output-format').selectOption('webp');
    await page.getByTestId('folder-input').setInputFiles(path.join(dir, 'Holiday'));
    await settle(page, 3, 0);
    expect(await page.getByTestId('folder-note').textContent()).toContain(tr('en', 'files.folderSkipped_one', 'common').replace('{{count}}', '1'));
    expect(await page.getByTestId('file-rejections').count()).toBe(0);
    const zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    // "cat.jpg" and "cat.png" both become cat.webp, in different folders: both kept, each in its folder.
    expect(Object.keys(zip).sort()).toEqual(['Holiday/cover.webp', 'Holiday/day 1/cat.webp', 'Holiday/day 2/beach/cat.webp']);
    expect(identify(zip['Holiday/day 2/beach/cat.webp'])).toBe('WEBP 225x150');
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
