/** The date libraries' locale names for our six UI languages (both Day.js and Moment use these). */
const LIB_LOCALES: Record<string, string> = { en: 'en', zh: 'zh-cn', 'zh-TW': 'zh-tw', ja: 'ja', de: 'de', ko: 'ko' };

export function libLocale(uiLanguage: string): string {
  return LIB_LOCALES[uiLanguage] ?? 'en';
}

/** The library locales the date pages load. */
export const LIB_LOCALE_NAMES: readonly string[] = Object.values(LIB_LOCALES);

/** locale() reads the current one; locale('de') picks one of ours; nothing else reaches the library. */
export function localeArgsOk(args: unknown[]): boolean {
  return args.length === 0 || (args.length === 1 && typeof args[0] === 'string' && LIB_LOCALE_NAMES.includes(args[0]));
}
