// A fixed sample of the resvg test suite (../shared/svg-suite, bench/svg/sample.ts) through the real SVG → PNG,
// PDF and EPS pages, each output judged against the reference PNG by the yardstick's rule (bench/svg/judge.ts).
// The whole suite runs by hand in bench/svg (README there); this keeps the rates from sliding in CI.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL, differingShare, passes } from '../bench/svg/judge';
import { SUITE, suiteSample, type SuiteTest } from '../bench/svg/sample';
import { openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { download, rows } from './support/results';

const READY = existsSync(SUITE) && existsSync('/usr/bin/gs') && existsSync('/usr/bin/pdftoppm');
const tmp = mkdtempSync(path.join(tmpdir(), 'svg-suite-'));
const SIDE = 300;

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

function pdfToPng(pdf: Buffer): Buffer {
  writeFileSync(path.join(tmp, 'a.pdf'), pdf);
  execFileSync('pdftoppm', ['-png', '-singlefile', '-scale-to-x', String(SIDE), '-scale-to-y', String(SIDE), path.join(tmp, 'a.pdf'), path.join(tmp, 'pdf')]);
  return readFileSync(path.join(tmp, 'pdf.png'));
}

function epsToPng(eps: Buffer): Buffer {
  writeFileSync(path.join(tmp, 'a.eps'), eps);
  const width = Number(/%%HiResBoundingBox: [\d.]+ [\d.]+ ([\d.]+)/.exec(eps.toString('latin1'))?.[1] ?? 150);
  const args = ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-dEPSCrop', '-sDEVICE=png16m', `-r${(SIDE * 72) / width}`, '-dTextAlphaBits=4', '-dGraphicsAlphaBits=4'];
  execFileSync('gs', [...args, `-sOutputFile=${path.join(tmp, 'eps.png')}`, path.join(tmp, 'a.eps')]);
  return readFileSync(path.join(tmp, 'eps.png'));
}

/** The judge, run in a blank page where the browser decodes both PNGs (the judge's source is sent along). */
async function share(page: Page, ref: Buffer, out: Buffer): Promise<number> {
  const expression = `(async () => {
    const differingShare = ${differingShare.toString()};
    const pixels = async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), { colorSpaceConversion: 'none' });
      const ctx = new OffscreenCanvas(${SIDE}, ${SIDE}).getContext('2d');
      ctx.drawImage(bitmap, 0, 0, ${SIDE}, ${SIDE});
      return ctx.getImageData(0, 0, ${SIDE}, ${SIDE}).data;
    };
    return differingShare(await pixels('${ref.toString('base64')}'), await pixels('${out.toString('base64')}'), ${CHANNEL});
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
    const judge = await app.context.newPage();
    const passed = { png: 0, pdf: 0, eps: 0 };
    const lines: string[] = [];
    for (const t of sample) {
      // No output (refused) counts as a difference everywhere.
      const shares = {
        png: png[t.name] ? await share(judge, t.ref, png[t.name]) : 1,
        pdf: pdf[t.name] ? await share(judge, t.ref, pdfToPng(pdf[t.name])) : 1,
        eps: eps[t.name] ? await share(judge, t.ref, epsToPng(eps[t.name])) : 1,
      };
      for (const k of ['png', 'pdf', 'eps'] as const) if (passes(shares[k])) passed[k]++;
      lines.push(`${t.test}: ${Object.entries(shares).map(([k, v]) => `${k} ${(v * 100).toFixed(1)}%${passes(v) ? '' : ' ✗'}`).join(', ')}`);
    }
    console.log(`${lines.join('\n')}\npassed of ${sample.length}: PNG ${passed.png}, PDF ${passed.pdf}, EPS ${passed.eps}`);
    // Floors at the rates measured on this sample (PNG 29; PDF 29 since embedded images sit just inside their box,
    // 28 before, 20 before what svg2pdf gets wrong was embedded as images; EPS 30 since the writer draws nested
    // viewports, paint order and SVG dashes and has the browser draw markers, 26 before), a little below, so they
    // cannot slide. PDF and EPS hold the goal (0.97 × PNG); the whole-suite rates are in bench/svg/README.md.
    expect(passed.png).toBeGreaterThanOrEqual(Math.ceil(sample.length * 0.8));
    expect(passed.pdf).toBeGreaterThanOrEqual(Math.floor(passed.png * 0.97));
    expect(passed.eps).toBeGreaterThanOrEqual(Math.floor(passed.png * 0.97));
  }, 600_000);
});
