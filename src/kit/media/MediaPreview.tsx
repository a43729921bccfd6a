import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '../../runtime/jobs';
import { useObjectUrl } from '../useObjectUrl';

/**
 * Plays (or shows, for pictures and animations) the selected result in the page; the object URL lives as long as the
 * preview shows it. A result that is not a picture (a ZIP of frames) has no image preview. Memoised: a finished row
 * keeps its identity while the rest of the batch reports progress.
 */
export const MediaPreview = memo(function MediaPreview({ row, kind }: { row: FileRow | undefined; kind: 'video' | 'audio' | 'image' }) {
  const { t } = useTranslation('media');
  const blob = row?.result?.blob;
  const url = useObjectUrl(kind === 'image' && !blob?.type.startsWith('image/') ? undefined : blob);
  if (!row || !url) return null;
  return (
    <section className="panel space-y-2" aria-label={t('preview')} data-testid="preview">
      <h2 className="truncate text-sm font-medium">
        {t('preview')}: {row.result?.name}
      </h2>
      {kind === 'image' ? (
        <img src={url} alt={row.result?.name} className="max-h-96 rounded-md" data-testid="preview-image" />
      ) : kind === 'video' ? (
        <video src={url} controls className="max-h-96 w-full rounded-md bg-black" data-testid="preview-media" />
      ) : (
        <audio src={url} controls className="w-full" data-testid="preview-media" />
      )}
    </section>
  );
});
