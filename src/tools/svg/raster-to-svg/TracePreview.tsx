import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '../../../runtime/jobs';
import { formatBytes } from '../../../lib/bytes';
import { backdropStyle } from '../shared/backdrop';
import { useObjectUrl } from '../../../kit/useObjectUrl';

/** The traced SVG (as an image) laid over the original, with a slider between the two. */
export function TracePreview({ row }: { row: FileRow }) {
  const { t, i18n } = useTranslation('svg-tools');
  const [mix, setMix] = useState(100);
  const original = useObjectUrl(row.file, row.file.type || 'image/png');
  const traced = useObjectUrl(row.result?.blob, 'image/svg+xml');
  const facts = row.result?.facts ?? {};
  return (
    <section className="panel space-y-2" aria-label={t('trace.preview')} data-testid="trace-preview">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="mr-auto truncate font-medium">{row.result?.name}</span>
        <span data-testid="trace-facts">{t('trace.facts', { count: Number(facts.paths ?? 0), size: formatBytes(row.result?.size ?? 0, i18n.language) })}</span>
        <label className="flex items-center gap-2">
          {t('trace.original')}
          <input type="range" min={0} max={100} value={mix} onChange={(e) => setMix(Number(e.target.value))} aria-label={t('trace.mix')} data-testid="mix" />
          {t('trace.traced')}
        </label>
      </div>
      <div className="relative flex h-80 items-center justify-center overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-800" style={backdropStyle('checker')}>
        {original && <img src={original} alt={t('trace.original')} className="absolute max-h-full max-w-full object-contain" />}
        {traced && <img src={traced} alt={t('trace.traced')} className="absolute max-h-full max-w-full object-contain" style={{ opacity: mix / 100 }} />}
      </div>
    </section>
  );
}
