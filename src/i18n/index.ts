import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localesBackend } from './httpBackend';
import { detectLanguage } from './detect';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, matchLanguage } from './languages';

void i18n
  .use(localesBackend)
  .use(initReactI18next)
  .init({
    lng: detectLanguage(),
    supportedLngs: LANGUAGE_CODES,
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = matchLanguage(lng);
});

export default i18n;
