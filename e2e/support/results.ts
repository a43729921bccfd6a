// The file-tool test contract, for every spec: result rows by status or file name, and a download's bytes.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

export const rows = (page: Page, status?: string) => page.locator(`[data-testid="result-row"]${status ? `[data-status="${status}"]` : ''}`);
export const row = (page: Page, name: string) => page.locator(`[data-testid="result-row"][data-name="${name}"]`);

/** Clicks, waits for the download the click starts, and reads it. */
export async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

export interface ProgressSample {
  name: string;
  done: number;
  total: number;
  /** The stage's translation key, where the job names one (a job of several stages restarts its bar in each). */
  stage?: string;
}

/**
 * Records every byte/frame/file count any row's progress bar shows from now on. A fast step (a model
 * served from the cache) can show and drop its bar between two polls; the recorder still sees it.
 */
export async function recordProgress(page: Page): Promise<() => Promise<ProgressSample[]>> {
  await page.evaluate(() => {
    const samples: ProgressSample[] = [];
    (window as unknown as { __progressSamples: ProgressSample[] }).__progressSamples = samples;
    const take = () => {
      for (const bar of document.querySelectorAll<HTMLElement>('[data-testid="result-row"] [data-testid="progress"][data-kind="fraction"]')) {
        const name = bar.closest('[data-testid="result-row"]')?.getAttribute('data-name') ?? '';
        const done = Number(bar.dataset.done);
        const total = Number(bar.dataset.total);
        const stage = bar.dataset.stage;
        const last = samples.findLast((s) => s.name === name);
        if (!last || last.done !== done || last.total !== total || last.stage !== stage) samples.push({ name, done, total, stage });
      }
    };
    new MutationObserver(take).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-done', 'data-total', 'data-kind', 'data-stage'] });
  });
  return () => page.evaluate(() => (window as unknown as { __progressSamples: ProgressSample[] }).__progressSamples);
}

/**
 * Sends a row's result to another tool through its "Send to" control: a menu button (item by tool id),
 * or the older native select (for runs against an older build).
 */
export async function sendTo(page: Page, rowName: string, toolId: string): Promise<void> {
  const control = row(page, rowName).getByTestId('send-to');
  if ((await control.evaluate((el) => el.tagName)) === 'SELECT') {
    await control.selectOption({ value: await control.locator(`option[data-tool="${toolId}"]`).getAttribute('value') ?? '' });
    return;
  }
  await control.click();
  await page.locator(`[data-testid="send-to-item"][data-tool="${toolId}"]`).click();
}
