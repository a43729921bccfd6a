// Is a text watermark drawn in real glyphs, not in "tofu" (the empty or hex-code boxes a browser draws for a
// character no font has)? Six lines, a sparse and a dense character of each script (Han, Kana, Hangul), laid centred
// on a plain picture: ImageMagick counts the pixels each line changed. Real glyphs give the dense line several times
// the ink of the sparse one; tofu draws both as the same box.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const GLYPH_LINES = [
  ['Han', '一一一', '鬱鬱鬱'],
  ['Kana', 'ーーー', 'ボボボ'],
  ['Hangul', 'ㅡㅡㅡ', '뷁뷁뷁'],
] as const;
export const GLYPH_TEXT = GLYPH_LINES.flatMap(([, sparse, dense]) => [sparse, dense]).join('\n');
/** The settings that lay line k in the band y = 60 + 60k on the 480×480 picture: size 10 % → 48 px text, 60 px lines. */
export const GLYPH_SETTINGS: [string, string][] = [['watermark-text', GLYPH_TEXT], ['size', '10'], ['offset-x', '0'], ['offset-y', '0']];
const SIDE = 480;
const LINE = 60;

/** A plain 480×480 PNG to write on, made once per spec. */
export function plainPicture(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'glyphs-')), 'plain.png');
  execFileSync('convert', ['-size', `${SIDE}x${SIDE}`, 'xc:#204060', file]);
  return file;
}

/** ImageMagick's count of pixels that differ by more than 10 % between two pictures in one band. */
function inkIn(out: string, plain: string, y: number, height = LINE): number {
  try {
    execFileSync('compare', ['-metric', 'AE', '-fuzz', '10%', '-extract', `${SIDE}x${height}+0+${y}`, out, plain, 'null:'], { stdio: 'pipe' });
    return 0;
  } catch (error) {
    return Number(String((error as { stderr: Buffer }).stderr).trim());
  }
}

/** Ink of each line, and of the bands above and below the text (which must stay 0). */
export function glyphInk(out: string, plain: string) {
  const lines = GLYPH_LINES.map(([script], i) => ({ script, sparse: inkIn(out, plain, LINE + 2 * i * LINE), dense: inkIn(out, plain, LINE + (2 * i + 1) * LINE) }));
  return { lines, outside: inkIn(out, plain, 0, LINE) + inkIn(out, plain, SIDE - LINE, LINE) };
}
