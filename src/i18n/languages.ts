// No flag emoji: a language is not a country, and without an emoji font they show as empty boxes.
export const LANGUAGES = [
  { code: 'en', nativeName: 'English' },
  { code: 'zh', nativeName: '简体中文' },
  { code: 'zh-TW', nativeName: '繁體中文' },
  { code: 'ja', nativeName: '日本語' },
  { code: 'de', nativeName: 'Deutsch' },
  { code: 'ko', nativeName: '한국어' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES: LanguageCode[] = LANGUAGES.map((l) => l.code);
export const FALLBACK_LANGUAGE: LanguageCode = 'en';

/** Maps whatever a browser reports (zh-Hant-HK, zh_CN, de-AT, …) to one of our languages. */
export function matchLanguage(detected: string | undefined | null): LanguageCode {
  if (!detected) return FALLBACK_LANGUAGE;
  const tag = detected.replace('_', '-').toLowerCase();
  if (tag.startsWith('zh')) {
    return /(^zh-(tw|hk|mo)\b)|hant/.test(tag) ? 'zh-TW' : 'zh';
  }
  const base = tag.split('-')[0];
  return LANGUAGE_CODES.find((c) => c.toLowerCase() === base) ?? FALLBACK_LANGUAGE;
}
