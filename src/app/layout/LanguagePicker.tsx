import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { rememberLanguage } from '../../i18n/detect';
import { LANGUAGES, matchLanguage } from '../../i18n/languages';

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const current = matchLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <label className="relative flex shrink-0 items-center">
      <Languages className="pointer-events-none absolute left-2 size-4 text-zinc-500" aria-hidden />
      <select
        aria-label={t('header.language')}
        data-testid="language-picker"
        value={current}
        onChange={(e) => {
          const code = matchLanguage(e.target.value);
          rememberLanguage(code);
          void i18n.changeLanguage(code);
        }}
        className="h-9 w-[120px] cursor-pointer rounded-md border border-zinc-300 bg-white pr-1 pl-7 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.nativeName}
          </option>
        ))}
      </select>
    </label>
  );
}
