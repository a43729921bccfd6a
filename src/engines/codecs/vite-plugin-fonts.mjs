import { copyFileSync, createReadStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Copies the Hangul parts of Noto Sans KR (OFL-1.1, @fontsource's unicode-range chunks, regular and bold) into the
// build under /fonts/hangul, with faces.json listing each chunk's Hangul ranges. Text watermarks load only the chunks
// their text needs, in the codec worker, when the text has Hangul: many systems (Debian with Droid Sans Fallback, as
// here) have fonts for Chinese and Japanese but none for Korean, and canvas text then draws empty boxes.
const require = createRequire(import.meta.url);
const WEIGHTS = [400, 700];
/** Hangul Jamo, Compatibility Jamo, Jamo Extended-A, Syllables, Jamo Extended-B. */
const HANGUL = [
  [0x1100, 0x11ff],
  [0x3130, 0x318f],
  [0xa960, 0xa97f],
  [0xac00, 0xd7ff],
];

function packageDir() {
  return path.dirname(require.resolve('@fontsource/noto-sans-kr/package.json'));
}

/** @param {string} range e.g. "U+ac00-ac0f,U+ac11" @returns {[number, number][]} the parts of it inside Hangul's blocks */
function hangulParts(range) {
  /** @type {[number, number][]} */
  const parts = [];
  for (const item of range.split(',')) {
    const [lo, hi = lo] = item.trim().replace(/^U\+/i, '').split('-').map((h) => parseInt(h, 16));
    for (const [a, b] of HANGUL) {
      const from = Math.max(lo, a);
      const to = Math.min(hi, b);
      if (from <= to) parts.push([from, to]);
    }
  }
  return parts;
}

const hex = (/** @type {number} */ n) => n.toString(16);

/** Each chunk with Hangul in it: its index, its Hangul unicode-range, and the source file of each weight. */
export function hangulFontFiles() {
  const dir = packageDir();
  const css = readFileSync(path.join(dir, '400.css'), 'utf8');
  /** @type {{ index: number; range: string; sources: Record<number, string> }[]} */
  const chunks = [];
  for (const m of css.matchAll(/noto-sans-kr-(\d+)-400-normal\.woff2[^}]*unicode-range:\s*([^;]+);/g)) {
    const parts = hangulParts(m[2]);
    if (!parts.length) continue;
    const index = Number(m[1]);
    const sources = Object.fromEntries(WEIGHTS.map((w) => [w, path.join(dir, 'files', `noto-sans-kr-${index}-${w}-normal.woff2`)]));
    for (const file of Object.values(sources)) if (!existsSync(file)) throw new Error(`${file} is missing`);
    chunks.push({ index, range: parts.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(','), sources });
  }
  if (!chunks.length) throw new Error('@fontsource/noto-sans-kr: no Hangul chunks found');
  return chunks;
}

/** What the worker reads: one face per chunk and weight, at /fonts/hangul/<index>-<weight>.woff2. */
function facesJson() {
  return JSON.stringify(hangulFontFiles().flatMap((c) => WEIGHTS.map((weight) => ({ file: `${c.index}-${weight}.woff2`, weight, range: c.range }))));
}

/** @returns {import('vite').Plugin} */
export function hangulFont() {
  let outDir = '';
  return {
    name: 'localkit-hangul-font',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split('?')[0] ?? '';
        if (url === '/fonts/hangul/faces.json') {
          res.setHeader('Content-Type', 'application/json');
          res.end(facesJson());
          return;
        }
        const m = /^\/fonts\/hangul\/(\d+)-(\d+)\.woff2$/.exec(url);
        if (!m) return next();
        const file = path.join(packageDir(), 'files', `noto-sans-kr-${m[1]}-${m[2]}-normal.woff2`);
        if (!existsSync(file)) return next();
        res.setHeader('Content-Type', 'font/woff2');
        createReadStream(file).pipe(res);
      });
    },
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      if (!outDir) return;
      const to = path.join(outDir, 'fonts', 'hangul');
      mkdirSync(to, { recursive: true });
      for (const c of hangulFontFiles()) for (const [w, source] of Object.entries(c.sources)) copyFileSync(source, path.join(to, `${c.index}-${w}.woff2`));
      writeFileSync(path.join(to, 'faces.json'), facesJson());
    },
  };
}
