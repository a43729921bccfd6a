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
