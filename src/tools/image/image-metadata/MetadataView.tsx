import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../lib/errors';
import type { MetadataReport } from './describe';
import { inspectFile } from './client';

type State = { file: Blob } & ({ status: 'read'; report: MetadataReport } | { status: 'error'; key: string; params?: Record<string, string | number> });

/** What one file carries, read in the worker: groups of tags, the location as coordinates. */
function Report({ file, testId }: { file: Blob; testId: string }) {
  const { t } = useTranslation('image-metadata');
  const [state, setState] = useState<State>();
  useEffect(() => {
    const stop = new AbortController();
    inspectFile(file, stop.signal).then(
      (report) => setState({ file, status: 'read', report }),
      (error: unknown) => {
        if (!stop.signal.aborted) setState({ file, status: 'error', ...toErrorKey(error, 'image-metadata:errors.failed') });
      },
    );
    return () => stop.abort();
  }, [file]);

  if (!state || state.file !== file) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('view.reading')}</p>;
  if (state.status === 'error') return <p className="text-sm text-red-700 dark:text-red-400">{t(state.key, state.params)}</p>;
  const { groups, location } = state.report;
  return (
    <div className="space-y-2" data-testid={testId} data-groups={groups.map((g) => g.id).join(' ')}>
      {location && (
        <p className="text-sm font-medium text-amber-800 dark:text-amber-300" data-testid={`${testId}-location`}>
          {t('view.location', { latitude: location.latitude.toFixed(5), longitude: location.longitude.toFixed(5) })}
        </p>
      )}
      {groups.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('view.none')}</p>}
      {groups.map((g) => (
        <details key={g.id} open={g.id === 'exif' || g.id === 'gps'} className="rounded-md border border-zinc-200 dark:border-zinc-800">
          <summary className="cursor-pointer px-3 py-1.5 text-sm font-medium">
            {t(`groups.${g.id}`)} <span className="text-zinc-500">({g.entries.length})</span>
          </summary>
          <table className="w-full table-fixed text-xs">
            <tbody>
              {g.entries.map(([name, value], i) => (
                <tr key={i} className="border-t border-zinc-100 dark:border-zinc-800">
                  <th scope="row" className="w-2/5 truncate px-3 py-1 text-left font-normal text-zinc-600 dark:text-zinc-400">
                    {name}
                  </th>
                  <td className="break-words px-3 py-1 font-mono">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ))}
    </div>
  );
}

/** The selected file's metadata, before and (once done) after. */
export function MetadataView({ file, result }: { file: File; result?: Blob }) {
  const { t } = useTranslation('image-metadata');
  return (
    <section className="panel grid gap-4 md:grid-cols-2" aria-label={t('view.title', { name: file.name })}>
      <div className="space-y-2">
        <h2 className="font-medium">{t('view.before', { name: file.name })}</h2>
        <Report file={file} testId="metadata-before" />
      </div>
      <div className="space-y-2">
        <h2 className="font-medium">{t('view.after')}</h2>
        {result ? <Report file={result} testId="metadata-after" /> : <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('view.waiting')}</p>}
      </div>
    </section>
  );
}
