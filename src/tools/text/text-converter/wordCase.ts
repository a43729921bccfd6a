// Which words title and sentence case keep as written, and how one letter becomes a capital.
// Pure and locale-independent (no Turkish dotless i); works in every script that has case.

const UPPER = /\p{Lu}/gu;
const LOWER = /\p{Ll}/u;
/** A word typed with Caps Lock on: one small letter, then three or more capitals (wORLD, hELLO). */
const INVERTED = /^\p{Ll}\p{M}*(?:\p{Lu}\p{M}*){3,}$/u;
/** The same shape, however short (tHE, iS): a Caps Lock word once the line shows Caps Lock elsewhere. */
const INVERTED_SHORT = /^\p{Ll}\p{M}*(?:\p{Lu}\p{M}*)+$/u;
/** A possessive or contraction after the word proper: NASA's, iPhone’s. */
const SUFFIX = /['’]\p{L}{1,2}$/u;
/** An all-capitals word up to this many letters is an acronym (NASA, EU, СССР); longer ones are emphasis (ÉCOLE, HELLO). */
const ACRONYM_MAX = 4;
// English small words are not acronyms when written in capitals ("lord OF the rings").
const SMALL = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'if', 'in', 'is', 'of', 'on', 'or', 'the', 'to', 'via', 'vs']);

const stem = (word: string) => word.replace(SUFFIX, '');

/** Whether a line shows Caps Lock typing somewhere (a word like wORLD): then every word of that shape is folded. */
export function hasCapsLock(words: Iterable<string>): boolean {
  for (const w of words) if (INVERTED.test(stem(w))) return true;
  return false;
}

/** A word typed with Caps Lock on: wORLD always, tHE on a line that shows Caps Lock elsewhere. */
export function isInverted(word: string, capsLockLine: boolean): boolean {
  const s = stem(word);
  return INVERTED.test(s) || (capsLockLine && INVERTED_SHORT.test(s));
}

/**
 * Kept as written: a short acronym (NASA, EU, СССР) or a word with a deliberate capital inside (iPhone, McDonald,
 * macOS, JavaScript). Folded: capitals of five letters or more (ÉCOLE, UNESCO → Unesco, as the BBC writes it),
 * English small words in capitals, and Caps Lock typing (wORLD).
 */
export function keepsCase(word: string, capsLockLine: boolean): boolean {
  const s = stem(word);
  const capitals = s.match(UPPER)?.length ?? 0;
  if (capitals === 0) return false;
  if (!LOWER.test(s)) return capitals >= 2 && capitals <= ACRONYM_MAX && !SMALL.has(s.toLowerCase()) && !capsLockLine;
  const first = String.fromCodePoint(s.codePointAt(0)!);
  const innerCapital = /\p{Lu}/u.test(s.slice(first.length));
  return innerCapital && !isInverted(word, capsLockLine);
}

// Letters whose capital is not their title-case form: the digraphs have a letter of their own.
const TITLE: Record<string, string> = { ǆ: 'ǅ', Ǆ: 'ǅ', ǅ: 'ǅ', ǉ: 'ǈ', Ǉ: 'ǈ', ǈ: 'ǈ', ǌ: 'ǋ', Ǌ: 'ǋ', ǋ: 'ǋ', ǳ: 'ǲ', Ǳ: 'ǲ', ǲ: 'ǲ' };

/** The word with its first letter in title case: "ßtraße" → "Sstraße", "ǆungla" → "ǅungla". */
export function upperFirst(word: string): string {
  if (!word) return word;
  const first = String.fromCodePoint(word.codePointAt(0)!);
  const upper = TITLE[first] ?? first.toUpperCase();
  // A letter whose capital is two letters (ß → SS) starts a word with the first of them only.
  const title = [...upper].length > 1 ? String.fromCodePoint(upper.codePointAt(0)!) + upper.slice(String.fromCodePoint(upper.codePointAt(0)!).length).toLowerCase() : upper;
  return title + word.slice(first.length);
}
