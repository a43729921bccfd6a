import { FALLBACK_LANGUAGE, LANGUAGE_CODES, matchLanguage, type LanguageCode } from './languages';

/** Where the language the user chose is kept (the key i18next's detector used, so earlier choices carry over). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

const isCode = (value: unknown): value is LanguageCode => LANGUAGE_CODES.includes(value as LanguageCode);

function storedLanguage(): LanguageCode | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isCode(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The language to start in: a link's `?lng=` for this visit only (never stored, so a shared link does not change
 * the visitor's language for good), else the one the user chose here, else the first of the browser's languages
 * we have, else English.
 */
export function detectLanguage(search = location.search, browser: readonly string[] = navigator.languages ?? [navigator.language]): LanguageCode {
  const fromLink = new URLSearchParams(search).get('lng');
  if (fromLink) return matchLanguage(fromLink);
  const stored = storedLanguage();
  if (stored) return stored;
  for (const tag of browser) {
    const base = tag.replace('_', '-').toLowerCase().split('-')[0];
    if (LANGUAGE_CODES.some((c) => c.toLowerCase().split('-')[0] === base)) return matchLanguage(tag);
  }
  return FALLBACK_LANGUAGE;
}

/** Keeps the user's own choice of language (the picker): the one thing that changes the stored language. */
export function rememberLanguage(code: LanguageCode): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    /* storage blocked: the choice lasts this visit */
  }
}
