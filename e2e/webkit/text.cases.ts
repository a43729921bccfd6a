import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectedFromGolden } from '../../src/tools/text/text-converter/goldens.testing';
import { recordWorks } from '../support/matrix';
import { clear, fill, openTool, rowDownload, select } from './app';
import { until } from './poll';
import { attr, click, foreignRequests, identify, load, settle, SKIP_WEBKIT, text, upload, waitFor, type WebKitSession } from './support';
import { sharedWebKit } from './shared';

// Favicon, text and date tools in WebKitGTK: real input through the UI, downloads read by unzip, ImageMagick,
// iconv and GNU patch.
const FAVICON = path.resolve('src/tools/favicon/converter/fixtures');
const TEXTS = path.resolve('src/tools/text/text-converter/fixtures');

/** unzip's listing of an archive: the names of its entries, sorted; `unzip -t` must find no error. */
function zipEntries(file: string): string[] {
  execFileSync('unzip', ['-tq', file]);
  return execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n').sort();
}

const ICON_FILES = ['android-chrome-192x192.png', 'android-chrome-512x512.png', 'apple-touch-icon.png', 'favicon-16x16.png', 'favicon-32x32.png', 'favicon.ico', 'maskable-icon-512x512.png', 'site.webmanifest'];

/** Unzips the favicon package and reads the ICO with ImageMagick: its three sizes. */
function checkFaviconZip(file: string, withSvg: boolean): void {
  expect(zipEntries(file)).toEqual([...ICON_FILES, ...(withSvg ? ['favicon.svg'] : [])].sort());
  const dir = `${file}-x`;
  execFileSync('unzip', ['-q', '-o', file, '-d', dir]);
  const ico = path.join(dir, 'favicon.ico');
  expect(execFileSync('file', ['-b', ico], { encoding: 'utf8' })).toMatch(/^MS Windows icon resource - 3 icons/);
  // Each entry is a PNG inside the ICO (as browsers accept since Windows Vista).
  const sizes = execFileSync('identify', ['-format', '%w %h\n', ico], { encoding: 'utf8' }).trim().split('\n');
  expect(sizes).toEqual(['16 16', '32 32', '48 48']);
  expect(identify(path.join(dir, 'android-chrome-512x512.png'))).toEqual({ format: 'PNG', width: 512, height: 512 });
}

describe.skipIf(SKIP_WEBKIT)('WebKit: favicon, text and date tools', { timeout: 120_000 }, () => {
  let wk: WebKitSession;
  beforeAll(async () => {
    wk = await sharedWebKit();
    await load(wk, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  it('favicon converter: a logo becomes a package that unzip and ImageMagick read', async () => {
    await openTool(wk, '/favicon/converter');
    await upload(wk, [path.join(FAVICON, 'logo-600x400.png')]);
    await waitFor(wk, '[data-testid="result-row"][data-status="done"]', { timeout: 30_000 });
    await until(() => wk.driver.exec(() => !(document.querySelector('[data-testid="download-all"]') as HTMLButtonElement | null)?.disabled), Boolean, { message: 'download-all enabled' });
    const zip = await wk.download('[data-testid="download-all"]');
    expect(zip.name).toBe('favicon-package.zip');
    checkFaviconZip(zip.file, false);
    recordWorks('webkit', 'favicon-converter', 'ZIP by unzip, ICO by file and identify');
  });

  it('favicon generator: letters become a package with favicon.svg', async () => {
    await openTool(wk, '/favicon/generator');
    await fill(wk, '[data-testid="text-input"]', 'LK');
    await waitFor(wk, '[data-testid="live-preview"]');
    await waitFor(wk, '[data-testid="result-row"][data-status="done"]', { timeout: 30_000 });
    await until(() => wk.driver.exec(() => !(document.querySelector('[data-testid="download-all"]') as HTMLButtonElement | null)?.disabled), Boolean, { message: 'download-all enabled' });
    const zip = await wk.download('[data-testid="download-all"]');
    checkFaviconZip(zip.file, true);
    const svg = execFileSync('unzip', ['-p', zip.file, 'favicon.svg'], { encoding: 'utf8' });
    expect(svg).toContain('>LK</text>');
    recordWorks('webkit', 'favicon-generator', 'ZIP by unzip, ICO by file and identify');
  });

  it('text converter: a Simplified Chinese file to Traditional (Taiwan), valid UTF-8 equal to the golden file', async () => {
    await openTool(wk, '/text/text-converter');
    await select(wk, '[data-testid="mode"]', 's2twp');
    await upload(wk, [path.join(TEXTS, 'notes.txt')]);
    await settle(wk, 1, 0, 30_000);
    const out = await wk.download(rowDownload('notes.txt'));
    expect(out.name).toBe('notes.zh-TW.txt');
    execFileSync('iconv', ['-f', 'UTF-8', '-t', 'UTF-8', out.file]);
    expect(out.bytes.toString('utf8')).toBe(expectedFromGolden(readFileSync(path.join(TEXTS, 'notes.s2twp.txt'), 'utf8'), 's2twp'));
    recordWorks('webkit', 'text-converter', 's2twp file, iconv and golden');
    await clear(wk);
  });

  it('text diff: two typed texts; GNU patch turns A into B with the downloaded patch', async () => {
    const a = 'alpha\nbravo\ncharlie\ndelta\necho\n';
    const b = 'alpha\nbravo two\ncharlie\necho\nfoxtrot\n';
    await openTool(wk, '/text/text-diff');
    await fill(wk, '[data-testid="text-input"]', a);
    await fill(wk, '[data-testid="text-input-b"]', b);
    await until(() => attr(wk, '[data-testid="added-count"]', 'data-value'), (v) => v === '2', { message: '2 added' });
    expect(await attr(wk, '[data-testid="removed-count"]', 'data-value')).toBe('2');
    // The radio itself is transparent over its label: the label is what a user clicks.
    await click(wk, 'label:has(> [data-testid="view-unified"])');
    await waitFor(wk, '[data-testid="patch"]');
    const out = await wk.download('[data-testid="download-patch"]');
    expect(out.name).toBe('text.patch');
    const target = `${out.file}.txt`;
    writeFileSync(target, a);
    execFileSync('patch', ['-s', target, out.file]);
    expect(readFileSync(target, 'utf8')).toBe(b);
    recordWorks('webkit', 'text-diff', 'patch applied by GNU patch');
  });

  it('word count: typed text counted', async () => {
    await openTool(wk, '/writer/word-count');
    await fill(wk, '[data-testid="text-input"]', 'A well-known fact, stated plainly.');
    await until(() => attr(wk, '[data-testid="stat-words"]', 'data-value'), (v) => v === '5', { message: '5 words' });
    recordWorks('webkit', 'word-count', 'typed text counted');
  });

  /** Types an expression into a date playground and waits for its result to be for that code. */
  const evaluate = async (code: string) => {
    await fill(wk, '[data-testid="text-input"]', code);
    await until(() => wk.driver.exec(() => { const o = document.querySelector('[data-testid="text-output"]'); return [o?.getAttribute('data-code'), o?.getAttribute('data-status')]; }), ([c, s]) => c === code && !!s, { timeout: 15_000, message: code });
    return text(wk, '[data-testid="result-value"]');
  };

  it('Day.js and Moment playgrounds evaluate in their worker', async () => {
    await openTool(wk, '/date/dayjs-utils');
    expect(await evaluate("dayjs('2024-02-29').format('LL')")).toBe('February 29, 2024');
    expect(await evaluate("dayjs.utc('2024-02-29T12:00:00Z').add(1, 'day').toISOString()")).toBe('2024-03-01T12:00:00.000Z');
    recordWorks('webkit', 'dayjs-utils', 'Day.js expressions evaluated');
    await openTool(wk, '/date/moment-utils');
    expect(await evaluate("moment('2024-02-29').format('LL')")).toBe('February 29, 2024');
    expect(await evaluate("moment.duration(90, 'minutes').asMinutes()")).toBe('90');
    recordWorks('webkit', 'moment-utils', 'Moment expressions evaluated');
  });

  it('date utils: a Unix timestamp read as a date', async () => {
    await openTool(wk, '/date/date-utils');
    await waitFor(wk, '[data-testid="now-s"]');
    await fill(wk, '[data-testid="text-input"]', '1709164800');
    await until(() => text(wk, '[data-testid="ts-utc"]'), (v) => v === '2024-02-29 00:00:00 UTC', { message: 'UTC reading' });
    expect(await text(wk, '[data-testid="ts-unit"]')).toBe('Seconds');
    recordWorks('webkit', 'date-utils', 'timestamp read as a date');
  });

  it('sent nothing off the origin and logged no error', async () => {
    expect(await foreignRequests(wk)).toEqual([]);
    expect(wk.errors).toEqual([]);
  });
});
