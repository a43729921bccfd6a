import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../src/tools/registry';
import { openApp, type AppSession } from './support/app';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical findings on the current page (evaluate is not subject to the CSP). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

describe('accessibility (axe-core)', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`home has no serious or critical violation (${scheme})`, async () => {
      await app.page.emulateMedia({ colorScheme: scheme });
      await app.page.goto('/');
      await app.page.getByTestId('home-title').waitFor();
      expect(await seriousViolations(app.page)).toEqual([]);
    });

    for (const tool of TOOLS) {
      it(`${tool.path} has no serious or critical violation (${scheme})`, async () => {
        await app.page.emulateMedia({ colorScheme: scheme });
        await app.page.goto(tool.path);
        await app.page.getByTestId('tool-title').waitFor();
        await app.page.locator('[data-testid="text-input"], [data-testid="file-input"]').first().waitFor({ state: 'attached' });
        expect(await seriousViolations(app.page)).toEqual([]);
      });
    }
  }
});
