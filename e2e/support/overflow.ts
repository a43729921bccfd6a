// Measures what a narrow screen hides: a page wider than the viewport, and text that does not fit its box.
import type { Page } from 'playwright-core';

export interface OverflowReport {
  viewport: number;
  scrollWidth: number;
  /** The outermost elements that reach past the right edge of the viewport (for the failure message). */
  wide: string[];
  /** Elements whose own text is wider than their box (scrollWidth > clientWidth), ellipsis excepted. */
  clipped: string[];
  /** Header texts that wrap onto a second line. */
  wrapped: string[];
}

/** Runs in the page. Kept free of closures over Node values: Playwright serialises it. */
function measure(): OverflowReport {
  const vw = window.innerWidth;
  const name = (el: Element) => {
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className.split(/\s+/).slice(0, 4).join('.') : '';
    return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${cls ? `.${cls}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
  };
  const ownText = (el: Element) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
  const scrolls = (el: Element) => /auto|scroll|hidden|clip/.test(getComputedStyle(el).overflowX);

  const wide: string[] = [];
  const walk = (el: Element) => {
    for (const child of el.children) {
      const r = child.getBoundingClientRect();
      const style = getComputedStyle(child);
      if (style.position === 'fixed' || style.display === 'none' || style.visibility === 'hidden') continue;
      if (r.width > 0 && r.right > vw + 0.5) wide.push(`${name(child)} right=${Math.round(r.right)}`);
      else if (!scrolls(child)) walk(child);
    }
  };
  walk(document.body);

  const clipped: string[] = [];
  for (const el of document.querySelectorAll('header *, main *, footer *')) {
    if (!ownText(el) || el.closest('.sr-only, svg')) continue;
    const style = getComputedStyle(el);
    if (style.display === 'inline' || style.textOverflow === 'ellipsis' || el.clientWidth <= 1) continue;
    if (/auto|scroll/.test(style.overflowX)) continue; // scrolls on purpose (code, tables)
    if (el.scrollWidth > el.clientWidth + 1) clipped.push(`${name(el)} ${el.scrollWidth}>${el.clientWidth}`);
  }

  const wrapped: string[] = [];
  const texts = document.createTreeWalker(document.querySelector('header') ?? document.body, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    const parent = node.parentElement!;
    if (!node.textContent!.trim() || parent.closest('.sr-only') || !parent.checkVisibility()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    if (lines.size > 1) wrapped.push(`${name(parent)} lines=${lines.size}`);
  }

  return { viewport: vw, scrollWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 5), clipped, wrapped };
}

export function measureOverflow(page: Page): Promise<OverflowReport> {
  return page.evaluate(measure);
}

/**
 * In-app navigation (no reload; React Router follows popstate) for specs that walk every route: an entry without the
 * router's index, which the leave guard lets through. An entry with an index is held while a page still works on its
 * own first job (the favicon generator draws its set as it opens), and the guard's step back then left the document.
 */
export async function walkInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
