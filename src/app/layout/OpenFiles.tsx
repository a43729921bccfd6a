import { FileInput } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { HandoffTarget, TargetsFor } from '../../kit/handoff';
import { handOff, useTargetsFor } from '../../kit/handoffStore';
import { formatBytes } from '../../lib/bytes';
import { onLaunchFiles, takeSharedFiles } from '../openedFiles';
import { useDocumentMeta } from '../useDocumentMeta';

/** The tools that take every one of the files. */
function commonTargets(targetsFor: TargetsFor, files: File[]): HandoffTarget[] {
  if (!files.length) return [];
  const [first, ...rest] = files.map((f) => targetsFor(f));
  return first.filter((tool) => rest.every((list) => list.some((t) => t.id === tool.id)));
}

/** Files shared to the installed app or opened with it: pick the tool that should take them. */
export function OpenFiles() {
  const { t, i18n } = useTranslation();
  useDocumentMeta(t('open.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const targetsFor = useTargetsFor();
  const [files, setFiles] = useState<File[] | null>(null);

  useEffect(() => {
    let live = true;
    onLaunchFiles((opened) => live && setFiles(opened));
    takeSharedFiles().then(
      (shared) => live && setFiles((current) => (shared.length || !current ? shared : current)),
      () => live && setFiles((current) => current ?? []),
    );
    return () => {
      live = false;
    };
  }, []);

  const targets = files && targetsFor ? commonTargets(targetsFor, files) : [];
  const open = (path: string) => {
    handOff(files!, path);
    navigate(path);
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6" data-testid="open-files">
      <div className="flex items-center gap-3">
        <FileInput className="size-7 text-blue-600 dark:text-blue-400" aria-hidden />
        <h1 className="text-2xl font-bold">{t('open.title')}</h1>
      </div>
      {(files === null || !targetsFor) && <p className="text-zinc-600 dark:text-zinc-400">{t('open.reading')}</p>}
      {targetsFor && files?.length === 0 && (
        <p className="panel" data-testid="open-empty">
          {t(params.has('shared') || window.location.pathname === '/share-target' ? 'open.nothingShared' : 'open.nothing')}
        </p>
      )}
      {targetsFor && files && files.length > 0 && (
        <>
          <ul className="panel divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="open-list">
            {files.map((file, i) => (
              <li key={`${file.name}-${i}`} className="flex justify-between gap-3 py-1.5 text-sm" data-testid="open-file">
                <span className="min-w-0 truncate">{file.name}</span>
                <span className="shrink-0 tabular-nums text-zinc-600 dark:text-zinc-400">{formatBytes(file.size, i18n.language)}</span>
              </li>
            ))}
          </ul>
          {targets.length ? (
            <section className="space-y-2" aria-labelledby="open-with">
              <h2 id="open-with" className="font-semibold">
                {t('open.chooseTool', { count: files.length })}
              </h2>
              <div className="flex flex-wrap gap-2">
                {targets.map((tool) => (
                  <button key={tool.id} type="button" className="btn btn-outline" onClick={() => open(tool.path)} data-testid="open-tool" data-tool={tool.id}>
                    {t(`tools.${tool.id}.name`)}
                  </button>
                ))}
              </div>
            </section>
          ) : (
            <p className="panel text-amber-800 dark:text-amber-300" data-testid="open-none">
              {t('open.noTool')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
