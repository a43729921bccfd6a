import { Check, Copy, Download } from 'lucide-react';
import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../../lib/download';
import { toast } from '../../../ui/toast-store';
import { useGrowingCount } from './useGrowingCount';

const PAGE = 5000;
// Lines put on the page at once, then per frame until the page is full (see useGrowingCount).
const FIRST = 400;
const STEP = 400;

function lineClass(line: string): string {
  if (line.startsWith('+++') || line.startsWith('---')) return 'font-semibold text-zinc-800 dark:text-zinc-200';
  if (line.startsWith('+')) return 'bg-green-50 text-green-900 dark:bg-green-950/50 dark:text-green-200';
  if (line.startsWith('-')) return 'bg-red-50 text-red-900 dark:bg-red-950/50 dark:text-red-200';
  if (line.startsWith('@@')) return 'bg-blue-50 text-blue-800 dark:bg-blue-950/50 dark:text-blue-200';
  if (line.startsWith('\\')) return 'text-zinc-600 italic dark:text-zinc-400';
  return '';
}

/** One line of the patch; memoised, so that lines already on screen are left alone while more are added. */
const Line = memo(function Line({ line }: { line: string }) {
  return <span className={`block min-w-fit px-2 whitespace-pre ${lineClass(line)}`}>{line === '' ? ' ' : line}</span>;
});

/** The unified diff as text, coloured line by line, to copy or save as a .patch file. */
export const UnifiedView = memo(function UnifiedView({ patch, fileName }: { patch: string; fileName: string }) {
  const { t, i18n } = useTranslation('text-diff');
  const [copied, setCopied] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const lines = useMemo(() => (patch.endsWith('\n') ? patch.slice(0, -1).split('\n') : patch.split('\n')), [patch]);
  const rendered = useGrowingCount(Math.min(lines.length, limit), FIRST, STEP);
  const fmt = new Intl.NumberFormat(i18n.language);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(patch);
      setCopied(true);
    } catch {
      toast({ title: t('copyFailed'), variant: 'destructive' });
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn btn-outline" onClick={copy} data-testid="copy-patch">
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? t('common:actions.copied') : t('common:actions.copy')}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => downloadBlob(new Blob([patch], { type: 'text/x-diff' }), fileName)}
          data-testid="download-patch"
        >
          <Download className="size-4" aria-hidden />
          {t('downloadPatch')}
        </button>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{fileName}</span>
      </div>
      <pre
        className="max-h-[70vh] overflow-auto rounded-md border border-zinc-200 py-1 font-mono text-xs leading-5 [tab-size:4] sm:text-sm dark:border-zinc-800"
        data-testid="patch"
        tabIndex={0}
        aria-label={t('view.unified')}
      >
        {lines.slice(0, rendered).map((line, i) => (
          <Line key={i} line={line} />
        ))}
      </pre>
      {lines.length > limit && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-zinc-600 dark:text-zinc-400">{t('partialPatch', { shown: fmt.format(limit), total: fmt.format(lines.length) })}</span>
          <button type="button" className="btn btn-outline" onClick={() => setLimit((l) => l + PAGE)}>
            {t('showMore')}
          </button>
        </div>
      )}
    </div>
  );
});
