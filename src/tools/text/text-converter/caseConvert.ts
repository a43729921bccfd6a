// Letter-case conversions. Pure: no DOM, no React; runs in Node for the tests and in the worker.
import { camelCase, constantCase, dotCase, kebabCase, pascalCase, snakeCase } from 'change-case';
import type { CaseMode } from './modes';
import { hasCapsLock, isInverted, keepsCase, upperFirst } from './wordCase';

// Locale-independent (a Turkish browser must not turn "TITLE" into "tıtle"); numbers merge into the
// neighbouring word in camel/Pascal ("iPhone 15" → "iPhone15", not "iPhone_15").
const IDENTIFIER: Record<'camel' | 'pascal' | 'snake' | 'kebab' | 'constant' | 'dot', (s: string) => string> = {
  camel: (s) => camelCase(s, { locale: false, mergeAmbiguousCharacters: true }),
  pascal: (s) => pascalCase(s, { locale: false, mergeAmbiguousCharacters: true }),
  snake: (s) => snakeCase(s, { locale: false }),
  kebab: (s) => kebabCase(s, { locale: false }),
  constant: (s) => constantCase(s, { locale: false }),
  dot: (s) => dotCase(s, { locale: false }),
};

/** A word: letters, marks and digits, with inner apostrophes ("don't", "l'été") kept inside. */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;
const LINE = /([^\r\n]*)(\r\n|\n|\r|$)/g;
const HAS_LOWER = /\p{Ll}/u;

// Words a title keeps in lower case unless first or last (John Gruber's list, after the New York Times style).
const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'en', 'for', 'if', 'in', 'of', 'on', 'or', 'the', 'to', 'v', 'via', 'vs']);

/** Applies `fn` to every line, keeping each line's own ending (\n, \r\n or \r) untouched. */
export function mapLines(text: string, fn: (line: string) => string): string {
  let out = '';
  for (const m of text.matchAll(LINE)) {
    out += fn(m[1]) + m[2];
    if (m[2] === '') break;
  }
  return out;
}

const LITERAL_TOKEN = /[@/\\]|:\/\/|\w\.\w/;
// What comes before a word that opens a new clause inside a title: "Star Wars: A New Hope", "Why? A Story".
const CLAUSE_START = /(?:[:.!?]["'”’)\]]*\s+|\s[—–]\s*)["'“‘([]*$/u;

/**
 * Title case on each line, keeping every space, punctuation mark and line ending: words are capitalized,
 * English small words (a, of, the…) stay lower case unless they open or close the title or follow a colon
 * or the end of a sentence. Acronyms and mixed-case words (NASA, iPhone) are kept; a line written all in
 * capitals is treated as shouting and folded first; other words in capitals of five letters or more (ÉCOLE) and
 * Caps Lock typing (wORLD) are folded too (see wordCase.ts). URLs, e-mails and file names are left alone.
 */
export function titleCase(text: string): string {
  return mapLines(text, (line) => {
    const source = HAS_LOWER.test(line) ? line : line.toLowerCase();
    const words = [...source.matchAll(WORD)];
    if (words.length === 0) return source;
    const capsLock = hasCapsLock(words.map((w) => w[0]));
    const first = words[0].index;
    const last = words[words.length - 1].index;
    return source.replace(/\S+/g, (token, tokenAt: number) => {
      if (LITERAL_TOKEN.test(token)) return token;
      return token.replace(WORD, (word, wordAt: number) => {
        const at = tokenAt + wordAt;
        if (keepsCase(word, capsLock)) return word;
        const lower = word.toLowerCase();
        const opens = at === first || CLAUSE_START.test(source.slice(Math.max(0, at - 24), at));
        if (!opens && at !== last && SMALL_WORDS.has(lower)) return lower;
        return upperFirst(lower);
      });
    });
  });
}

// A sentence ends at . ! ? … (followed by space, possibly after a closing quote or bracket) or at 。！？.
const SENTENCE_END = /(?:[.!?…]+["'”’)\]]*(?=\s)|[。！？])/y;
// A full stop after these is not the end of a sentence.
const ABBREVIATION = /(?:^|[^\p{L}])(?:e\.g|i\.e|mr|mrs|ms|dr|prof|st|vs|cf|approx|fig)$/iu;
const WORD_AT = new RegExp(WORD.source, 'uy');
const BLANK_LINE = /(?:\r\n|\n|\r)[ \t]*(?:\r\n|\n|\r)/y;
const PRONOUN_I = /^I(?:['’](?:m|ll|ve|d))?$/;

/**
 * Sentence case, keeping every space, punctuation mark and line ending: each word goes to lower case and
 * the first word of each sentence (and of each paragraph) gets a capital. Short acronyms and mixed-case words
 * (NASA, iPhone) and the pronoun "I" are kept, unless the line is written all in capitals (see wordCase.ts).
 */
export function sentenceCase(text: string): string {
  let out = '';
  let start = true;
  let i = 0;
  const lines = [...text.matchAll(LINE)].map((m) => ({ from: m.index, shouting: !HAS_LOWER.test(m[1]), capsLock: hasCapsLock(m[1].match(WORD) ?? []) }));
  let lineNo = 0;
  while (i < text.length) {
    while (lineNo + 1 < lines.length && lines[lineNo + 1].from <= i) lineNo++;
    WORD_AT.lastIndex = i;
    const word = WORD_AT.exec(text);
    if (word) {
      const w = word[0];
      const { shouting, capsLock } = lines[lineNo];
      const keep = !shouting && (keepsCase(w, capsLock) || PRONOUN_I.test(w));
      const lower = keep ? w : w.toLowerCase();
      out += start ? upperFirst(lower) : lower;
      start = false;
      i += w.length;
      continue;
    }
    SENTENCE_END.lastIndex = i;
    BLANK_LINE.lastIndex = i;
    const end = SENTENCE_END.exec(text) ?? BLANK_LINE.exec(text);
    if (end) {
      out += end[0];
      i += end[0].length;
      if (!(end[0].startsWith('.') && ABBREVIATION.test(text.slice(Math.max(0, i - end[0].length - 8), i - end[0].length)))) start = true;
      continue;
    }
    const cp = String.fromCodePoint(text.codePointAt(i)!);
    out += cp;
    i += cp.length;
  }
  return out;
}

/** "don't" → "dont", "user’s" → "users": an apostrophe inside a word does not split it into two identifiers. */
function dropInnerApostrophes(line: string): string {
  return line.replace(/(?<=[\p{L}\p{N}])['’](?=[\p{L}\p{N}])/gu, '');
}

/** "hello wORLD" → "hello world": Caps Lock words are folded before change-case splits "wORLD" into "w" + "ORLD". */
function foldCapsLock(line: string): string {
  const capsLock = hasCapsLock(line.match(WORD) ?? []);
  return line.replace(WORD, (w) => (isInverted(w, capsLock) ? w.toLowerCase() : w));
}

/** One identifier per line (camelCase, snake_case…), keeping the line's indentation, trailing spaces and ending. */
function identifierCase(text: string, convert: (s: string) => string): string {
  return mapLines(text, (line) => {
    const m = /^(\s*)(.*?)(\s*)$/su.exec(line)!;
    return m[1] + convert(dropInnerApostrophes(foldCapsLock(m[2]))) + m[3];
  });
}

export function convertCase(text: string, mode: CaseMode): string {
  switch (mode) {
    case 'upper':
      return text.toUpperCase();
    case 'lower':
      return text.toLowerCase();
    case 'title':
      return titleCase(text);
    case 'sentence':
      return sentenceCase(text);
    default:
      return identifierCase(text, IDENTIFIER[mode]);
  }
}
