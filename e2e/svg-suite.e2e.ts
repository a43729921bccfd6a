// A fixed sample of the resvg test suite (../shared/svg-suite, bench/svg/sample.ts) through the real SVG → PNG,
// PDF and EPS pages, each output judged against the reference PNG by the yardstick's rule (bench/svg/judge.ts).
// The whole suite runs by hand in bench/svg (README there); this keeps the rates from sliding in CI.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK, BLOCK_CHANNEL, blockPasses, blockShare } from '../bench/svg/judge';
import { epsByGhostscript, pdfByGhostscript, pdfByPoppler } from '../bench/svg/render.mjs';
import { SUITE, suiteSample, type SuiteTest } from '../bench/svg/sample';
import { openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { download, rows } from './support/results';

const READY = existsSync(SUITE) && existsSync('/usr/bin/gs') && existsSync('/usr/bin/pdftocairo');
const tmp = mkdtempSync(path.join(tmpdir(), 'svg-suite-'));
const SIDE = 300;
/** Passes of the sample (33 tests) by issue 32's rule, measured 2026-11-29: the floors. */
const FLOOR = { png: 30, pdf: 30, eps: 30 };

/** Converts the whole sample on one tool page; the outputs by source name. */
async function convertAll(page: Page, tool: string, sample: SuiteTest[], setup?: () => Promise<void>): Promise<Record<string, Buffer>> {
  await page.goto(`/svg/${tool}`);
  await setup?.();
  await page.getByTestId('file-input').setInputFiles(sample.map((t) => ({ name: t.name, mimeType: 'image/svg+xml', buffer: t.svg })));
  await expect.poll(async () => (await rows(page, 'done').count()) + (await rows(page, 'error').count()), { timeout: 150_000, interval: 1000 }).toBe(sample.length);
  const errors = await rows(page, 'error').evaluateAll((els) => els.map((el) => `${el.getAttribute('data-name')}: ${el.querySelector('[data-testid="row-error"]')?.textContent}`));
  // A file may be refused on purpose (a <use> that shows itself); a converter failing is a bug.
  const crashes = ['errors.render', 'errors.pdf', 'errors.eps', 'errors.canvas'].map((k) => tr('en', k, 'svg-tools'));
  expect(errors.filter((e) => crashes.some((c) => e.endsWith(c))), `${tool}: conversion failures`).toEqual([]);
  if (errors.length) console.log(`${tool} refused: ${errors.join('; ')}`);
  const zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
  const out: Record<string, Buffer> = {};
  for (const t of sample) {
    const entry = Object.keys(zip).find((k) => k.replace(/\.\w+$/, '') === t.name.replace(/\.svg$/, ''));
    if (entry) out[t.name] = Buffer.from(zip[entry]);
  }
  return out;
}

/** The judge, run in a blank page where the browser decodes both PNGs (the judge's source is sent along). */
async function share(page: Page, ref: Buffer, out: Buffer): Promise<number> {
  const expression = `(async () => {
    const blockShare = ${blockShare.toString()};
    const pixels = async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), { colorSpaceConversion: 'none' });
      const ctx = new OffscreenCanvas(${SIDE}, ${SIDE}).getContext('2d');
      ctx.drawImage(bitmap, 0, 0, ${SIDE}, ${SIDE});
      return ctx.getImageData(0, 0, ${SIDE}, ${SIDE}).data;
    };
    return blockShare(await pixels('${ref.toString('base64')}'), await pixels('${out.toString('base64')}'), ${SIDE}, ${SIDE}, ${BLOCK}, ${BLOCK_CHANNEL});
  })()`;
  return page.evaluate(expression);
}

describe.runIf(READY)('the resvg suite sample through SVG → PNG, PDF and EPS', () => {
  let app: AppSession;
  const sample = READY ? suiteSample() : [];
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it(`converts all ${sample.length} without a conversion failure; PDF and EPS pass the judge no less often than measured`, async () => {
    const { page } = app;
    const png = await convertAll(page, 'svg-to-png', sample, async () => {
      await page.getByTestId('size-width').check();
      await page.getByTestId('width').fill(String(SIDE));
    });
    const pdf = await convertAll(page, 'svg-to-pdf', sample);
    const eps = await convertAll(page, 'svg-to-eps', sample);
    const keep = process.env.SVG_SUITE_KEEP;
    if (keep) {
      // SVG_SUITE_KEEP=DIR: each output written there, to look at or to time the renderers on.
      mkdirSync(keep, { recursive: true });
      for (const [ext, outs] of Object.entries({ png, pdf, eps })) for (const [name, bytes] of Object.entries(outs)) writeFileSync(path.join(keep, `${name}.${ext}`), bytes);
    }
    const judge = await app.context.newPage();
    const judging = Date.now();
    const passed = { png: 0, pdf: 0, eps: 0 };
    const lines: string[] = [];
    for (const t of sample) {
      // No output (refused) counts as a difference everywhere. A PDF passes only when cairo and Ghostscript both
      // draw it right (issue 32's rule, as bench/svg): its share is the larger of the two.
      const shares = {
        png: png[t.name] ? await share(judge, t.ref, png[t.name]) : 1,
        cairo: pdf[t.name] ? await share(judge, t.ref, pdfByPoppler(pdf[t.name], SIDE, SIDE, tmp)) : 1,
        gs: pdf[t.name] ? await share(judge, t.ref, pdfByGhostscript(pdf[t.name], SIDE, SIDE, tmp)) : 1,
        eps: eps[t.name] ? await share(judge, t.ref, epsByGhostscript(eps[t.name], SIDE, tmp)) : 1,
      };
      const verdict = { png: shares.png, pdf: Math.max(shares.cairo, shares.gs), eps: shares.eps };
      for (const k of ['png', 'pdf', 'eps'] as const) if (blockPasses(verdict[k])) passed[k]++;
      lines.push(`${t.test}: ${Object.entries(shares).map(([k, v]) => `${k} ${(v * 100).toFixed(2)}%${blockPasses(v) ? '' : ' ✗'}`).join(', ')}`);
    }
    console.log(`${lines.join('\n')}\npassed of ${sample.length}: PNG ${passed.png}, PDF ${passed.pdf}, EPS ${passed.eps} (judged in ${Date.now() - judging} ms)`);
    // Floors at what this sample passed on 2026-11-29 by issue 32's rule (PNG 30, PDF 30, EPS 30 of 33: the PDF 29
    // until its pages started with SVG's miter limit; by the earlier rule, pdftoppm for the PDF: PNG 29, PDF 29,
    // EPS 30), so they cannot slide. The whole suite is in bench/svg/README.md.
    expect(passed.png).toBeGreaterThanOrEqual(FLOOR.png);
    expect(passed.pdf).toBeGreaterThanOrEqual(FLOOR.pdf);
    expect(passed.eps).toBeGreaterThanOrEqual(FLOOR.eps);
  }, 600_000);
});
