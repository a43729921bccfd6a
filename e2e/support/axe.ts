import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's serious and critical findings on the page, or inside the element matching `scope`.
 * page.evaluate is not subject to the page's CSP, so axe runs without loosening it.
 */
export async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  // Colours are judged at rest: a button turning enabled fades from half opacity (150 ms), and axe measured one
  // mid-fade. Transitions end; looping animations (a spinner) are left alone.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))));
  // Once per document: a page that moved between routes in the app keeps the axe it was given.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document | string, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(selector ?? document, { resultTypes: ['violations'] })).violations;
  }, scope);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}
