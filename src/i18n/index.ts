import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { localesBackend } from './httpBackend';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, matchLanguage } from './languages';

const LANGUAGE_STORAGE_KEY = 'i18nextLng';

void i18n
  .use(localesBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: LANGUAGE_CODES,
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      // A language from a link (?lng=) is for that visit: only the user's own choice is stored (chooseLanguage).
      caches: [],
      convertDetectedLanguage: (lng: string) => matchLanguage(lng),
    },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = matchLanguage(lng);
});

/** The user picked a language: it applies now and on later visits. */
export function chooseLanguage(code: string): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Storage refused (private mode): the choice holds for this visit.
  }
  void i18n.changeLanguage(code);
}

export default i18n;
