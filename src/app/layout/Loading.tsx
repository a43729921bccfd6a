import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t, ready } = useTranslation(undefined, { useSuspense: false });
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-zinc-600 dark:text-zinc-400" role="status" data-testid="loading">
      {ready ? t('loading') : ''}
    </div>
  );
}
