import { Heart, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ToolMeta } from '../../tools/types';
import { toast } from '../../ui/toast-store';
import { toggleFavorite, useFavorites } from '../favorites';

async function share(title: string, url: string): Promise<'shared' | 'copied' | 'failed' | 'cancelled'> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (error) {
      if ((error as Error).name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

export function ToolHeader({ tool }: { tool: ToolMeta }) {
  const { t } = useTranslation();
  const favorites = useFavorites();
  const isFavorite = favorites.includes(tool.id);
  const name = t(`tools.${tool.id}.name`);
  const Icon = tool.icon;

  const onShare = async () => {
    const result = await share(`${name} — ${t('brand.name')}`, window.location.href);
    if (result === 'copied') toast({ title: t('share.copied'), description: t('share.copiedHint') });
    if (result === 'failed') toast({ title: t('share.failed'), description: t('share.failedHint'), variant: 'destructive' });
  };

  const onFavorite = () => {
    const added = toggleFavorite(tool.id);
    toast({ title: t(added ? 'favorites.added' : 'favorites.removed'), description: name });
  };

  return (
    // Icon, title and buttons on one line; the description below them, full width on phones and beside the icon
    // from sm up (a 200 px column beside Share/Favorite made a tall, narrow paragraph).
    <div className="mb-6 grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1">
      <Icon className="mt-1 size-7 shrink-0 text-blue-600 sm:row-span-2 dark:text-blue-400" aria-hidden />
      <h1 className="text-2xl font-bold break-words hyphens-auto" data-testid="tool-title">
        {name}
      </h1>
      <p className="col-span-3 row-start-2 text-zinc-600 sm:col-span-1 sm:col-start-2 dark:text-zinc-400" data-testid="tool-description">
        {t(`tools.${tool.id}.description`)}
      </p>
      <div className="col-start-3 row-start-1 flex gap-2 sm:row-span-2">
        <button type="button" className="btn btn-outline" onClick={onShare} data-testid="share" aria-label={t('share.button')} title={t('share.button')}>
          <Share2 className="size-4" aria-hidden /> <span className="hidden sm:inline">{t('share.button')}</span>
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={onFavorite}
          aria-pressed={isFavorite}
          data-testid="favorite"
          aria-label={t('favorites.add')}
          title={t(isFavorite ? 'favorites.remove' : 'favorites.add')}
        >
          {/* A toggle keeps one name; aria-pressed and the filled heart say whether it is on. */}
          <Heart className={`size-4 ${isFavorite ? 'fill-red-500 text-red-500' : ''}`} aria-hidden />
          <span className="hidden sm:inline">{t('favorites.add')}</span>
        </button>
      </div>
    </div>
  );
}
