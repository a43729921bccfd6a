#!/usr/bin/env node
// The SVG yardstick: every test of ../shared/svg-suite (resvg's tests, each an SVG and its reference PNG)
// through SVG → PNG (the browser), SVG → PDF (rasterised by poppler's pdftoppm and pdftocairo, both must pass) and
// SVG → EPS (Ghostscript at 4 ×, scaled down), judged by one rule (judge.ts blockShare), with pass rates per converter and per suite folder.
//   node bench/svg/run.mjs [--suite DIR] [--only FOLDER[,FOLDER…]] [--step N (every Nth test)] [--limit N] [--out FILE.json] [--port N] [--keep DIR]
// Writes the per-test shares to --out (default /tmp/svg-bench.json) and prints the Markdown table that
// bench/svg/README.md holds; report.mjs re-prints it from the JSON.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { epsByGhostscript, pdfByGhostscript, pdfByPoppler } from './render.mjs';
import { table } from './report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const suite = path.resolve(here, '../..', arg('suite', '../shared/svg-suite'));
const only = arg('only');
const limit = Number(arg('limit', Infinity));
const step = Number(arg('step', 1));
const out = arg('out', '/tmp/svg-bench.json');
const port = Number(arg('port', 5183));
/** --keep DIR: also write each test's PDF, its pdftoppm, pdftocairo and Ghostscript (gs) PNGs, the EPS's and the browser's PNG there (to look at them). */
const keep = arg('keep');
/** Writes one output of a test into --keep (when given), named after the test. */
const kept = (test, suffix, b64) => {
  if (keep) writeFileSync(`${path.join(keep, test.replace(/\.svg$/, '').replace(/[\\/]/g, '__'))}.${suffix}`, Buffer.from(b64, 'base64'));
  return b64;
};
const TIMEOUT = 30_000;

/** Every NAME.svg with a NAME.png beside it, as paths relative to the suite. */
export function suiteTests(dir) {
  const found = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.svg') && readdirSync(d).includes(name.replace(/\.svg$/, '.png'))) found.push(path.relative(dir, p));
    }
  };
  walk(dir);
  return found;
}

/** Width and height from a PNG's IHDR. */
const pngSize = (bytes) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

const tmp = mkdtempSync(path.join(tmpdir(), 'svg-bench-'));
const pdfToPng = (pdfB64, width, height, program) => pdfByPoppler(Buffer.from(pdfB64, 'base64'), width, height, tmp, program).toString('base64');
const pdfToPngByGs = (pdfB64, width, height) => pdfByGhostscript(Buffer.from(pdfB64, 'base64'), width, height, tmp).toString('base64');
const epsToPng = (eps, width) => epsByGhostscript(Buffer.from(eps, 'latin1'), width, tmp).toString('base64');

/** The per-test results so far (written as the run goes, so a long run can be read before it ends). */
function save(results) {
  writeFileSync(out, JSON.stringify({ suite: path.relative(path.resolve(here, '../..'), suite), date: new Date().toISOString(), results }, null, 1));
}

async function main() {
  const tests = suiteTests(suite).filter((t) => !only || only.split(',').some((o) => t.startsWith(o))).filter((_, i) => i % step === 0).slice(0, limit);
  // A build of the bench page, not the dev server: edits to the tree during a long run cannot reload it.
  const root = path.resolve(here, '../..');
  const outDir = path.join(tmp, 'dist');
  await build({ configFile: false, root, logLevel: 'error', worker: { format: 'es' }, build: { outDir, emptyOutDir: true, rollupOptions: { input: path.join(here, 'index.html') } } });
  const server = await preview({ configFile: false, root, logLevel: 'error', build: { outDir }, preview: { port, strictPort: true } });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  let page;
  const open = async () => {
    await page?.close().catch(() => {});
    page = await browser.newPage();
    await page.goto(`http://localhost:${port}/bench/svg/index.html`);
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready', null, { timeout: 120_000 });
  };
  await open();
  /** A call into the page with a time limit; a hung page is replaced. */
  const call = async (fn, ...args) => {
    let timer;
    const limit = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT)));
    try {
      return await Promise.race([page.evaluate(fn, args), limit]);
    } catch (error) {
      if (error.message === 'timeout') await open();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
  const results = [];
  const t0 = Date.now();
  for (const [i, test] of tests.entries()) {
    const svg = readFileSync(path.join(suite, test), 'utf8');
    const ref = readFileSync(path.join(suite, test.replace(/\.svg$/, '.png')));
    const [width, height] = pngSize(ref);
    const refB64 = ref.toString('base64');
    const row = { test, share: {}, error: {} };
    const judge = async (name, produce) => {
      const started = Date.now();
      try {
        const outB64 = await produce();
        row.share[name] = await call(([r, o, w, h]) => window.bench.compare(r, o, w, h), refB64, outB64, width, height);
      } catch (error) {
        row.error[name] = String(error.message ?? error).split('\n')[0].slice(0, 160);
      }
      row.ms = { ...row.ms, [name]: Date.now() - started };
    };
    await judge('png', async () => kept(test, 'browser.png', await call(([s, w]) => window.bench.png(s, w), svg, width)));
    // A PDF passes only when pdftocairo and Ghostscript both draw it right: its share is the larger of the two.
    // pdftoppm is judged and printed too, but not part of the rule (README: its stroke adjustment).
    let pdf;
    const pdfBy = async (program) => {
      pdf ??= await call(([s]) => window.bench.pdf(s), svg);
      const png = program === 'gs' ? pdfToPngByGs(pdf, width, height) : pdfToPng(pdf, width, height, program);
      kept(test, 'pdf', pdf);
      kept(test, `${program}.png`, png);
      return png;
    };
    await judge('pdftoppm', () => pdfBy('pdftoppm'));
    await judge('pdftocairo', () => pdfBy('pdftocairo'));
    await judge('pdfgs', () => pdfBy('gs'));
    const both = [row.share.pdftocairo, row.share.pdfgs];
    if (both.every((v) => v !== undefined)) row.share.pdf = Math.max(...both);
    else row.error.pdf = row.error.pdftocairo ?? row.error.pdfgs;
    await judge('eps', async () => kept(test, 'eps.png', epsToPng(await call(([s]) => window.bench.eps(s), svg), width)));
    results.push(row);
    if ((i + 1) % 25 === 0) {
      console.error(`${i + 1}/${tests.length} (${Math.round((Date.now() - t0) / 1000)} s)`);
      save(results);
    }
  }
  save(results);
  console.log(table(results));
  console.error(`${tests.length} tests in ${Math.round((Date.now() - t0) / 1000)} s; per-test shares in ${out}`);
  await browser.close();
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
