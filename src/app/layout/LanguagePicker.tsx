import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../i18n';
import { LANGUAGES, matchLanguage } from '../../i18n/languages';

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const current = matchLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <select
      aria-label={t('header.language')}
      data-testid="language-picker"
      value={current}
      onChange={(e) => chooseLanguage(e.target.value)}
      className="h-9 w-[120px] shrink-0 cursor-pointer rounded-md border border-zinc-300 bg-white px-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
    >
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code} lang={l.code}>
          {l.flag} {l.nativeName}
        </option>
      ))}
    </select>
  );
}
