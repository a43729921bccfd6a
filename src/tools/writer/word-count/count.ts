// Pure text statistics. No DOM: runs in Node for tests and in the page.

export type CountMode = 'auto' | 'general' | 'zh' | 'ja' | 'ko';
type ResolvedMode = Exclude<CountMode, 'auto'>;

interface TextStats {
  mode: ResolvedMode;
  words: number;
  characters: number;
  charactersNoSpaces: number;
  paragraphs: number;
  lines: number;
  sentences: number;
  readingMinutes: number;
}

// Reading speeds: 238 words a minute for English prose (Brysbaert 2019, silent reading);
// CJK text is read in characters: ~500 Chinese/Japanese characters a minute; Korean by words.
const WORDS_PER_MINUTE = 238;
const CJK_CHARS_PER_MINUTE = 500;

const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/** Picks the counting rules from the text itself: kana → ja, hangul → ko, han → zh, otherwise general. */
export function detectMode(text: string): ResolvedMode {
  if (KANA.test(text)) return 'ja';
  if (HANGUL.test(text)) return 'ko';
  if (HAN.test(text)) return 'zh';
  return 'general';
}

/** Words as `wc -w` counts them: maximal runs of non-whitespace. "well-known" is one word. */
function countWhitespaceWords(text: string): number {
  const matches = text.match(/[^\s]+/gu);
  return matches ? matches.length : 0;
}

/** Word-like segments from Intl.Segmenter (dictionary-based for CJK). */
function segmentWords(text: string, locale: string): string[] {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
  const words: string[] = [];
  for (const s of segmenter.segment(text)) if (s.isWordLike) words.push(s.segment);
  return words;
}

function countGraphemes(text: string): number {
  let n = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) n++;
  return n;
}

function countSentences(text: string, locale: string): number {
  let n = 0;
  for (const s of new Intl.Segmenter(locale, { granularity: 'sentence' }).segment(text)) {
    if (/[\p{L}\p{N}]/u.test(s.segment)) n++;
  }
  return n;
}

function countParagraphs(text: string): number {
  return text.split(/(?:\r\n|\r|\n)\s*(?:\r\n|\r|\n)/).filter((p) => p.trim() !== '').length;
}

function countLines(text: string): number {
  return text === '' ? 0 : text.split(/\r\n|\r|\n/).length;
}

const LOCALE: Record<ResolvedMode, string> = { general: 'en', zh: 'zh', ja: 'ja', ko: 'ko' };

export function countText(text: string, requested: CountMode = 'auto'): TextStats {
  const mode = requested === 'auto' ? detectMode(text) : requested;
  const locale = LOCALE[mode];
  const words = mode === 'general' ? countWhitespaceWords(text) : segmentWords(text, locale).length;
  const characters = countGraphemes(text);
  const charactersNoSpaces = countGraphemes(text.replace(/\s+/gu, ''));
  const cjkChars = (text.match(CJK_CHAR) ?? []).length;
  const readingMinutes =
    mode === 'zh' || mode === 'ja'
      ? cjkChars / CJK_CHARS_PER_MINUTE + countWhitespaceWords(text.replace(CJK_CHAR, ' ')) / WORDS_PER_MINUTE
      : words / WORDS_PER_MINUTE;
  return {
    mode,
    words,
    characters,
    charactersNoSpaces,
    paragraphs: countParagraphs(text),
    lines: countLines(text),
    sentences: countSentences(text, locale),
    readingMinutes,
  };
}

/** The debug view: the ends of the text and how it was cut into words. */
export function debugInfo(text: string, mode: CountMode = 'auto', limit = 200) {
  const resolved = mode === 'auto' ? detectMode(text) : mode;
  const chars = Array.from(text);
  const segments = resolved === 'general' ? text.match(/[^\s]+/gu) ?? [] : segmentWords(text, LOCALE[resolved]);
  return {
    mode: resolved,
    first: chars.slice(0, 20).join(''),
    last: chars.slice(-20).join(''),
    segments: segments.slice(0, limit),
    more: Math.max(0, segments.length - limit),
  };
}
