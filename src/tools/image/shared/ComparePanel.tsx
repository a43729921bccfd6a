import { useTranslation } from 'react-i18next';
import { Compare } from '../../../kit/Compare';
import type { FileRow } from '../../../runtime/jobs';

/** The selected result beside its original, with what the engine reported. */
export function ComparePanel({ row }: { row: FileRow | undefined }) {
  const { t } = useTranslation('image-codecs');
  if (!row?.result) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('compare.pick')}</p>;
  const f = row.result.facts ?? {};
  return (
    <section className="panel space-y-2" aria-label={t('compare.title')}>
      <h2 className="font-medium">{t('compare.title')}</h2>
      {(f.target === 'missed' || f.target === 'scoreMissed') && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200" data-testid="target-missed">
          {t(f.target === 'missed' ? 'compare.targetMissed' : 'compare.scoreMissed')}
        </p>
      )}
      <Compare
        before={row.file}
        after={row.result.blob}
        width={Number(f.width) || 1}
        height={Number(f.height) || 1}
        labels={{ before: t('compare.before'), after: t('compare.after'), divider: t('compare.divider'), zoomIn: t('compare.zoomIn'), zoomOut: t('compare.zoomOut') }}
      />
    </section>
  );
}
