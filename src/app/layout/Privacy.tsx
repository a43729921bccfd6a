import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICES_PATH, SOURCE_URL } from '../source';
import { useDocumentMeta } from '../useDocumentMeta';

// Loaded with the page that shows it: the Privacy route is part of the home bundle.
const OfflineStorage = lazy(() => import('../offline/OfflineStorage').then((m) => ({ default: m.OfflineStorage })));

const SECTIONS = ['local', 'storage', 'network', 'offline', 'openSource'] as const;

export function Privacy() {
  const { t } = useTranslation();
  useDocumentMeta(t('privacy.title'));
  return (
    <article className="mx-auto max-w-3xl p-4 sm:p-6" data-testid="privacy-page">
      <h1 className="mb-4 text-2xl font-bold">{t('privacy.title')}</h1>
      <p className="mb-6 text-zinc-700 dark:text-zinc-300">{t('privacy.intro')}</p>
      {SECTIONS.map((s) => (
        <section key={s} className="mb-5">
          <h2 className="mb-1 text-lg font-semibold">{t(`privacy.${s}.title`)}</h2>
          <p className="text-zinc-700 dark:text-zinc-300">{t(`privacy.${s}.body`)}</p>
          {s === 'openSource' && (
            <p className="mt-1 flex flex-wrap gap-x-4">
              <a href={SOURCE_URL} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline underline-offset-2 dark:text-blue-400" data-testid="privacy-source-link">
                {t('privacy.openSource.source')}
              </a>
              <a href={NOTICES_PATH} className="text-blue-700 underline underline-offset-2 dark:text-blue-400" data-testid="notices-link">
                {t('privacy.openSource.notices')}
              </a>
            </p>
          )}
        </section>
      ))}
      <Suspense fallback={null}>
        <OfflineStorage />
      </Suspense>
    </article>
  );
}
