import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentMeta } from '../useDocumentMeta';

export function NotFound() {
  const { t } = useTranslation();
  useDocumentMeta(t('notFound.title'));
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center p-10 text-center" data-testid="not-found">
      <p className="text-6xl font-bold text-zinc-300 dark:text-zinc-700">404</p>
      <h1 className="mb-2 mt-4 text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="mb-6 text-zinc-600 dark:text-zinc-400">{t('notFound.message')}</p>
      <Link to="/" className="btn btn-primary">
        {t('notFound.back')}
      </Link>
    </div>
  );
}
