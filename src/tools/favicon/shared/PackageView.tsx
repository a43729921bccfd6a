import { Check, Copy, Download, FileArchive } from 'lucide-react';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatBytes } from '../../../lib/bytes';
import { downloadBlob } from '../../../lib/download';
import { toast } from '../../../ui/toast-store';
import { fileBlob, type PackageFile } from './package';

interface Props {
  files: PackageFile[];
  snippet: string;
  zipName: string;
  /** False while a newer package is being made: the files shown are the previous ones. */
  current: boolean;
}

function describe(file: PackageFile, t: TFunction<'favicon'>): string {
  if (file.kind === 'ico') return t('files.ico', { sizes: (file.sizes ?? []).map((s) => `${s}×${s}`).join(', ') });
  if (file.kind === 'svg') return t('files.svg');
  if (file.kind === 'manifest') return t('files.manifest');
  return `${file.size}×${file.size} PNG`;
}

/** The package: every file with its own download, all of them as one ZIP, and the <head> snippet to copy. */
export function PackageView({ files, snippet, zipName, current }: Props) {
  const { t, i18n } = useTranslation('favicon');
  const [zipping, setZipping] = useState(false);
  const [copied, setCopied] = useState(false);

  // Sizes of the files written on demand (favicon.svg from the generator), once written.
  const [written] = useState(() => new WeakMap<object, number>());
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const write = async (file: PackageFile) => {
    const blob = await fileBlob(file);
    if (!(file.blob instanceof Blob) && !written.has(file.blob)) {
      written.set(file.blob, blob.size);
      rerender();
    }
    return blob;
  };
  const sizeOf = (file: PackageFile) => (file.blob instanceof Blob ? file.blob.size : written.get(file.blob));

  const downloadOne = async (file: PackageFile) => {
    try {
      downloadBlob(await write(file), file.name);
    } catch (error) {
      console.error(error);
      toast({ title: t('common:errors.downloadFailed'), variant: 'destructive' });
    }
  };

  const downloadAll = async () => {
    setZipping(true);
    try {
      // The ZIP writer (fflate) loads with the first "download all", not with the page.
      const { createZip } = await import('../../../engines/zip');
      const entries = await Promise.all(files.map(async (f) => ({ name: f.name, blob: await write(f) })));
      downloadBlob(await createZip(entries), zipName);
    } catch (error) {
      console.error(error);
      toast({ title: t('common:errors.zipFailed'), variant: 'destructive' });
    } finally {
      setZipping(false);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: t('snippet.copyFailed'), variant: 'destructive' });
    }
  };

  return (
    <section className="panel min-w-0 space-y-4" aria-labelledby="favicon-files-title" data-testid="package">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="favicon-files-title" className="mr-auto text-lg font-semibold">
          {t('files.title')}
        </h2>
        <button type="button" className="btn btn-primary" onClick={downloadAll} disabled={!current || zipping} data-testid="download-all">
          <FileArchive className="size-4" aria-hidden /> {t('common:actions.downloadAll')}
        </button>
      </div>
      <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {files.map((file) => (
          <li key={file.name} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3" data-testid="result-row" data-status={current ? 'done' : 'working'} data-name={file.name}>
            <div className="min-w-0 flex-1">
              <p className="truncate font-mono text-sm font-medium">{file.name}</p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                {describe(file, t)}
                {sizeOf(file) !== undefined && ` · ${formatBytes(sizeOf(file)!, i18n.language)}`}
              </p>
            </div>
            <button
              type="button"
              className="btn btn-outline"
              data-testid="download"
              disabled={!current}
              aria-label={`${t('common:actions.download')} ${file.name}`}
              onClick={() => void downloadOne(file)}
            >
              <Download className="size-4" aria-hidden /> {t('common:actions.download')}
            </button>
          </li>
        ))}
      </ul>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="mr-auto font-medium" id="favicon-snippet-title">
            {t('snippet.title')}
          </h3>
          <button type="button" className="btn btn-outline" onClick={copy} data-testid="copy-snippet">
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {copied ? t('common:actions.copied') : t('common:actions.copy')}
          </button>
        </div>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('snippet.hint')}</p>
        <pre
          className="overflow-x-auto rounded-md bg-zinc-100 p-3 text-xs leading-relaxed dark:bg-zinc-800"
          data-testid="snippet"
          aria-labelledby="favicon-snippet-title"
          tabIndex={0}
        >
          <code>{snippet}</code>
        </pre>
      </div>
    </section>
  );
}
