// In-app moves for the WebKit specs, on top of support.ts: the app's own navigation, form input, clearing results.
import { TOOLS } from '../../src/tools/registry';
import { tr } from '../support/locales';
import { until } from './poll';
import { click, waitFor, type WebKitSession } from './support';

/** An in-app navigation, as a link does: React Router follows the history entry (no page load). */
export const navigate = (wk: WebKitSession, to: string) =>
  wk.driver.exec((p: string) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);

/** Opens a tool in the app and waits for its English title. */
export async function openTool(wk: WebKitSession, toolPath: string): Promise<void> {
  const tool = TOOLS.find((t) => t.path === toolPath);
  if (!tool) throw new Error(`no tool at ${toolPath}`);
  await navigate(wk, toolPath);
  const title = tr('en', `tools.${tool.id}.name`);
  // The header shows the title at once; the tool's body may still be loading (its code and translations), and
  // until it is there a file input found could be the previous tool's.
  await until(
    () =>
      wk.driver.exec(
        (id: string) => {
          const pages = document.querySelectorAll('[data-tool-page]');
          const page = document.querySelector(`[data-tool-page="${id}"]`);
          return pages.length === 1 && page !== null && !page.querySelector('[data-testid="loading"]') && page.querySelector('[data-testid="tool-title"]')?.textContent;
        },
        tool.id,
      ),
    (t) => t === title,
    { timeout: 30_000, message: `${tool.id} page with title ${title}` },
  );
}

/** Puts a value into a text box, number field or code editor at once, as a paste does, and lets React see the input. */
export async function fill(wk: WebKitSession, selector: string, value: string): Promise<void> {
  const el = await waitFor(wk, selector, { visible: true });
  await wk.driver.exec(
    (e: Element, v: string) => {
      if (e instanceof HTMLElement && e.isContentEditable) {
        // A code editor (CodeMirror): select everything and insert the text, as a paste over a selection does.
        e.focus();
        document.getSelection()!.selectAllChildren(e);
        document.execCommand('insertText', false, v);
        return;
      }
      const proto = e instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(e, v);
      e.dispatchEvent(new Event('input', { bubbles: true }));
      e.dispatchEvent(new Event('change', { bubbles: true }));
    },
    el as unknown as Element,
    value,
  );
}

/** Chooses an option of a <select> and lets React see the change. */
export async function select(wk: WebKitSession, selector: string, value: string): Promise<void> {
  const el = await waitFor(wk, selector);
  await wk.driver.exec(
    (e: Element, v: string) => {
      const s = e as HTMLSelectElement;
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(s, v);
      if (s.value !== v) throw new Error(`no option ${v}`);
      s.dispatchEvent(new Event('change', { bubbles: true }));
    },
    el as unknown as Element,
    value,
  );
}

/** Clears the results, so leaving the tool needs no "leave?" answer. */
export async function clear(wk: WebKitSession): Promise<void> {
  await click(wk, '[data-testid="clear-all"]');
  await until(() => wk.driver.exec(() => document.querySelectorAll('[data-testid="result-row"]').length), (n) => n === 0, { message: 'no result rows' });
}

/** The selector of the download button in the row of this input file. */
export const rowDownload = (name: string) => `[data-testid="result-row"][data-name="${name}"] [data-testid="download"]`;
