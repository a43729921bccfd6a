import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONFIG } from '../../config';
import { matchLanguage } from '../../i18n/languages';
import { SOURCE_URL } from '../source';

export function Footer() {
  const { t, i18n } = useTranslation();
  const showContact = CONFIG.contactLanguages.includes(matchLanguage(i18n.language));
  return (
    <footer className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 border-t border-zinc-200 px-4 py-4 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
      <span data-testid="footer-licence">
        © {new Date().getFullYear()} {t('brand.name')}. {t('footer.licence')}
      </span>
      <a href={SOURCE_URL} target="_blank" rel="noopener noreferrer" className="underline-offset-2 hover:underline" data-testid="source-link">
        {t('footer.source')}
      </a>
      <Link to="/privacy" className="underline-offset-2 hover:underline">
        {t('footer.privacy')}
      </Link>
      {showContact && (
        <a href={CONFIG.issueTrackerUrl} target="_blank" rel="noopener noreferrer" className="underline-offset-2 hover:underline" data-testid="contact-link">
          {t('footer.contact')}
        </a>
      )}
    </footer>
  );
}
