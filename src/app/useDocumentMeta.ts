import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets <title> to "page — brand" and the meta description, both translated. */
export function useDocumentMeta(title: string | undefined, description?: string): void {
  const { t, i18n } = useTranslation();
  const brand = t('brand.name');
  useEffect(() => {
    document.title = title ? `${title} — ${brand}` : `${brand} — ${t('brand.tagline')}`;
    const meta = document.querySelector('meta[name="description"]');
    meta?.setAttribute('content', description ?? t('brand.description'));
  }, [title, description, brand, t, i18n.language]);
}
