import { Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '../../../runtime/jobs';
import { formatBytes, formatChange } from '../../../lib/bytes';
import { toast } from '../../../ui/toast-store';
import { backdropStyle } from '../shared/backdrop';
import { useObjectUrl } from '../../../kit/useObjectUrl';

/** Original and optimised pictures side by side (as images: no script runs), with sizes and gzip sizes. */
export function SideBySide({ row }: { row: FileRow }) {
  const { t, i18n } = useTranslation('svg-tools');
  const facts = row.result?.facts ?? {};
  // Drawing a very large SVG holds the page for seconds: only when asked.
  const [revealed, setRevealed] = useState<string | null>(null);
  const draw = !facts.veryLarge || revealed === row.id;
  const before = useObjectUrl(draw ? row.file : undefined, 'image/svg+xml');
  const after = useObjectUrl(draw ? row.result?.blob : undefined, 'image/svg+xml');
  const fmt = (n: number) => formatBytes(n, i18n.language);
  const copy = async () => {
    if (!row.result) return;
    await navigator.clipboard.writeText(await row.result.blob.text());
    toast({ title: t('common:actions.copied') });
  };
  const gzip = Number(facts.gzip);
  const originalGzip = Number(facts.originalGzip);
  return (
    <section className="panel space-y-3" aria-label={t('optimizer.compare')} data-testid="compare">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="mr-auto font-medium">{row.file.name}</span>
        <span data-testid="sizes">
          {fmt(row.file.size)} → {fmt(row.result?.size ?? 0)} ({formatChange(row.file.size, row.result?.size ?? 0)})
        </span>
        {Number.isFinite(gzip) && (
          <span data-testid="gzip-sizes">
            {t('optimizer.gzip')}: {fmt(originalGzip)} → {fmt(gzip)} ({formatChange(originalGzip, gzip)})
          </span>
        )}
        <button type="button" className="btn btn-outline" onClick={copy} data-testid="copy">
          <Copy className="size-4" aria-hidden /> {t('common:actions.copy')}
        </button>
      </div>
      {!draw && (
        <button type="button" className="btn btn-outline" onClick={() => setRevealed(row.id)} data-testid="show-large">
          {t('optimizer.showLarge')}
        </button>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {[
          [t('optimizer.original'), before, 'before'],
          [t('optimizer.optimized'), after, 'after'],
        ].map(([label, url, id]) => (
          <figure key={id} className="space-y-1">
            <figcaption className="text-xs text-zinc-600 dark:text-zinc-400">{label}</figcaption>
            <div style={backdropStyle('checker')} className="flex h-64 items-center justify-center rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
              {url && <img src={url} alt={label} className="max-h-full max-w-full object-contain" data-testid={`compare-${id}`} />}
            </div>
          </figure>
        ))}
      </div>
    </section>
  );
}
