#!/usr/bin/env node
// Pass rates from a bench run's JSON (run.mjs --out), by the judge's rule: node bench/svg/report.mjs [FILE.json]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The judge's threshold (judge.ts BLOCK_SHARE), read from its source so the two cannot drift apart.
const SHARE = Number(/export const BLOCK_SHARE = ([\d.]+)/.exec(readFileSync(new URL('./judge.ts', import.meta.url), 'utf8'))[1]);
const CONVERTERS = ['png', 'pdf', 'eps'];
/** Each PDF renderer on its own (the pdf column needs pdftocairo and Ghostscript; pdftoppm is shown beside them). */
const RENDERERS = ['pdftocairo', 'pdfgs', 'pdftoppm'];
const passed = (row, c) => row.share[c] !== undefined && row.share[c] <= SHARE;

export function table(results) {
  const folders = [...new Set(results.map((r) => r.test.split('/')[0]))];
  const line = (label, rows) => {
    const cells = CONVERTERS.map((c) => {
      const n = rows.filter((r) => passed(r, c)).length;
      return `${n}/${rows.length} (${((100 * n) / rows.length).toFixed(1)} %)`;
    });
    const png = rows.filter((r) => passed(r, 'png')).length;
    const ratio = (c) => (png ? (rows.filter((r) => passed(r, c)).length / png).toFixed(2) : '–');
    const alone = RENDERERS.map((c) => rows.filter((r) => passed(r, c)).length);
    return `| ${label} | ${cells.join(' | ')} | ${ratio('pdf')} | ${ratio('eps')} | ${alone.join(' | ')} | ${ratio('pdftoppm')} |`;
  };
  const errors = CONVERTERS.map((c) => `${c} ${results.filter((r) => r.error[c]).length}`).join(', ');
  return [
    '| suite folder | SVG → PNG (browser) | SVG → PDF (pdftocairo and Ghostscript 4×) | SVG → EPS (Ghostscript 4×) | PDF ÷ PNG | EPS ÷ PNG | PDF by pdftocairo | PDF by Ghostscript | PDF by pdftoppm | pdftoppm ÷ PNG |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...folders.map((f) => line(f, results.filter((r) => r.test.startsWith(`${f}/`)))),
    line('**all**', results),
    '',
    `Conversion errors or time-outs: ${errors}.`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { results } = JSON.parse(readFileSync(process.argv[2] ?? '/tmp/svg-bench.json', 'utf8'));
  console.log(table(results));
}
