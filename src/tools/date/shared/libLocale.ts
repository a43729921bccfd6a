/** The date libraries' locale names for our six UI languages (both Day.js and Moment use these). */
const LIB_LOCALES: Record<string, string> = { en: 'en', zh: 'zh-cn', 'zh-TW': 'zh-tw', ja: 'ja', de: 'de', ko: 'ko' };

export function libLocale(uiLanguage: string): string {
  return LIB_LOCALES[uiLanguage] ?? 'en';
}

/** The library locales the date pages load. */
export const LIB_LOCALE_NAMES: readonly string[] = Object.values(LIB_LOCALES);

export function isLibLocale(value: unknown): value is string {
  return typeof value === 'string' && LIB_LOCALE_NAMES.includes(value);
}

/** locale() reads the current one; locale('de') picks one of ours; nothing else reaches the library. */
export function localeArgsOk(args: readonly unknown[]): boolean {
  return args.length === 0 || (args.length === 1 && isLibLocale(args[0]));
}

/**
 * A `locale` key anywhere in an argument (a config object such as `dayjs(0, { locale })`) names one of
 * ours: an object or an unknown name there would be written into the library's shared locale table.
 */
export function configLocalesOk(args: readonly unknown[]): boolean {
  const ok = (value: unknown, depth: number): boolean => {
    if (depth > 50 || value === null || typeof value !== 'object' || !(Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype)) return true;
    for (const [key, item] of Object.entries(value)) {
      if (key.toLowerCase() === 'locale' && !isLibLocale(item)) return false;
      if (!ok(item, depth + 1)) return false;
    }
    return true;
  };
  return args.every((a) => ok(a, 0));
}

/**
 * The parsers' positional locale: `dayjs(input, format, locale, strict)` and `moment(input, format,
 * locale, strict)` take a locale name (or the strict flag) third, and only the strict flag fourth.
 */
export function parserLocaleOk(args: readonly unknown[]): boolean {
  const third = args[2];
  const fourth = args[3];
  return (third === undefined || typeof third === 'boolean' || isLibLocale(third)) && (fourth === undefined || typeof fourth === 'boolean');
}
