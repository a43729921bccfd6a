// What the Firefox specs do in the page, as a user would: in-app navigation, clicks, typing, choosing files.
import { expect } from 'vitest';
import { TOOLS } from '../../src/tools/registry';
import { tr } from '../support/locales';
import type { FirefoxSession } from './support';

export function ui(ff: FirefoxSession) {
  const { page } = ff;

  /** An in-app navigation, as a link does: React Router follows the history entry. */
  const navigate = (to: string) =>
    page.evaluate((p) => {
      history.pushState(null, '', p);
      dispatchEvent(new PopStateEvent('popstate'));
    }, to);

  /** Opens a tool in the app (no page load: a reload would cut the background codec download short). */
  const openTool = async (toolPath: string) => {
    const tool = TOOLS.find((t) => t.path === toolPath)!;
    await navigate(toolPath);
    await expect.poll(() => page.$eval('[data-testid="tool-title"]', (h) => h.textContent).catch(() => null), { timeout: 30_000 }).toBe(tr('en', `tools.${tool.id}.name`));
  };

  /**
   * A real mouse click on the element once it is visible and has stopped moving. The app scrolls new results into
   * view smoothly: a click aimed while the page still scrolls lands where the button was (under load, the Start
   * button of video compress was missed that way and the job never started).
   */
  const click = async (selector: string) => {
    const element = (await page.waitForSelector(selector, { visible: true }))!;
    const end = Date.now() + 10_000;
    let last = '';
    for (;;) {
      const box = JSON.stringify(await element.boundingBox());
      const scrolling = await page.evaluate(() => new Promise<boolean>((resolve) => {
        const y = scrollY;
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(scrollY !== y)));
      }));
      if ((box === last && !scrolling) || Date.now() > end) break;
      last = box;
    }
    await element.click();
  };

  /** Puts a value into a text box or number field at once, as a paste does, and lets React see the input. */
  const fill = async (selector: string, value: string) => {
    const element = await page.waitForSelector(selector, { visible: true });
    await element!.evaluate((el, v) => {
      const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, value);
  };

  /** Replaces the text of a code editor (CodeMirror's contenteditable) by typing it, as a user does. */
  const typeInEditor = async (selector: string, value: string) => {
    await click(selector);
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(value);
  };

  const select = async (selector: string, value: string) => {
    await page.waitForSelector(selector);
    await page.select(selector, value);
  };

  const upload = async (...paths: string[]) => {
    const input = await page.waitForSelector('input[data-testid="file-input"]');
    await input!.uploadFile(...paths);
  };

  /** Clears the results, so leaving the tool needs no "leave?" answer. */
  const clear = async () => {
    await click('[data-testid="clear-all"]');
    await expect.poll(() => page.$$eval('[data-testid="result-row"]', (els) => els.length)).toBe(0);
  };

  const text = (selector: string) => page.$eval(selector, (el) => el.textContent ?? '');
  const attr = (selector: string, name: string) => page.$eval(selector, (el, n) => el.getAttribute(n), name);
  const rowDownload = (name: string) => `[data-testid="result-row"][data-name="${name}"] [data-testid="download"]`;

  return { navigate, openTool, click, fill, typeInEditor, select, upload, clear, text, attr, rowDownload };
}
