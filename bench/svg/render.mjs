// The outside renderers of issue 32's rule, shared by bench/svg (run.mjs) and the e2e sample (e2e/svg-suite.e2e.ts):
// each draws a converter's output at the reference's pixel size as a PNG (bytes), through a scratch folder.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const TIMEOUT = 30_000;
/** Ghostscript anti-aliased (4 bits) at 4 × the size, scaled down 4 × 4: thin edges come out as grey, as in resvg's references. */
const GS = ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=png16m', '-dDownScaleFactor=4', '-dTextAlphaBits=4', '-dGraphicsAlphaBits=4'];

/** A PDF drawn by one of poppler's renderers (pdftocairo: cairo; pdftoppm: Splash) at exactly width × height. */
export function pdfByPoppler(pdf, width, height, dir, program = 'pdftocairo') {
  const file = path.join(dir, 'poppler.pdf');
  writeFileSync(file, pdf);
  execFileSync(program, ['-png', '-singlefile', '-scale-to-x', String(width), '-scale-to-y', String(height), file, path.join(dir, 'poppler')], { timeout: TIMEOUT });
  return readFileSync(path.join(dir, 'poppler.png'));
}

/** A PDF drawn by Ghostscript at width × height (its page fitted to 4 × that, then scaled down, as the EPS is). */
export function pdfByGhostscript(pdf, width, height, dir) {
  const file = path.join(dir, 'gs.pdf');
  const png = path.join(dir, 'pdf-gs.png');
  writeFileSync(file, pdf);
  execFileSync('gs', [...GS, `-g${4 * width}x${4 * height}`, '-dFIXEDMEDIA', '-dPDFFitPage', `-sOutputFile=${png}`, file], { timeout: TIMEOUT, stdio: ['ignore', 'ignore', 'pipe'] });
  return readFileSync(png);
}

/** An EPS drawn by Ghostscript (its bounding box) at `width` pixels wide: 4 × that, then scaled down. */
export function epsByGhostscript(eps, width, dir) {
  const file = path.join(dir, 'gs.eps');
  const png = path.join(dir, 'eps-gs.png');
  writeFileSync(file, eps);
  const box = /%%HiResBoundingBox: [\d.]+ [\d.]+ ([\d.]+) [\d.]+/.exec(Buffer.from(eps).toString('latin1'));
  const dpi = (width * 72) / Number(box?.[1] ?? 150);
  execFileSync('gs', [...GS, '-dEPSCrop', `-r${dpi * 4}`, `-sOutputFile=${png}`, file], { timeout: TIMEOUT, stdio: ['ignore', 'ignore', 'pipe'] });
  return readFileSync(png);
}
