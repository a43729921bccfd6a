import { FileInput, FolderOpen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { holdWork, workChanged } from '../../kit/activity';
import type { HandoffTarget, TargetsFor } from '../../kit/handoff';
import { handOff, useTargetsFor } from '../../kit/handoffStore';
import { commonTargets } from '../../kit/handoff';
import { formatBytes } from '../../lib/bytes';
import { clearSharedFiles, onLaunchFiles, readSharedFiles, withoutBidiControls } from '../openedFiles';
import { useDocumentMeta } from '../useDocumentMeta';

interface Listed {
  file: File;
  /** Its share cache entry, emptied once a tool takes it; none for files opened or picked here. */
  key?: string;
}

interface Group {
  items: Listed[];
  targets: HandoffTarget[];
}

/**
 * One group when some tools take every file; else the files grouped by the tools that take them, and a last
 * group (no targets) of the files no tool takes.
 */
export function groupByTools(targetsFor: TargetsFor, items: Listed[]): Group[] {
  const all = commonTargets(targetsFor, items.map((i) => i.file));
  if (all.length) return [{ items, targets: all }];
  const groups = new Map<string, Group>();
  for (const item of items) {
    const targets = targetsFor(item.file);
    const id = targets.map((t) => t.id).join(' ');
    const group = groups.get(id) ?? { items: [], targets };
    group.items.push(item);
    groups.set(id, group);
  }
  return [...groups.values()].sort((a, b) => Number(!a.targets.length) - Number(!b.targets.length));
}

/** Files shared to the installed app, opened with it or picked here: pick the tool that should take them. */
export function OpenFiles() {
  const { t, i18n } = useTranslation();
  useDocumentMeta(t('open.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const targetsFor = useTargetsFor();
  const [items, setItems] = useState<Listed[] | null>(null);
  const pickRef = useRef<HTMLInputElement>(null);
  // Listed files are work: a waiting new version does not reload over them, leaving asks first.
  const holding = useRef(false);
  useEffect(() => holdWork(() => holding.current), []);
  useEffect(() => {
    holding.current = !!items?.length;
    workChanged();
  }, [items]);

  useEffect(() => {
    let live = true;
    onLaunchFiles((opened) => live && setItems(opened.map((file) => ({ file }))));
    readSharedFiles().then(
      (shared) => live && setItems((current) => (shared.length || !current ? shared : current)),
      () => live && setItems((current) => current ?? []),
    );
    return () => {
      live = false;
    };
  }, []);

  const open = (group: Group, path: string) => {
    handOff(
      group.items.map((i) => i.file),
      path,
    );
    // The tool holds them now: out of the share cache, and no longer this page's work.
    void clearSharedFiles(group.items.flatMap((i) => (i.key ? [i.key] : [])));
    holding.current = false;
    navigate(path);
  };

  const groups = items?.length && targetsFor ? groupByTools(targetsFor, items) : [];
  const refused = params.has('refused');

  return (
    <div className="mx-auto max-w-2xl space-y-6 p-4 sm:p-6" data-testid="open-files">
      <div className="flex items-center gap-3">
        <FileInput className="size-7 text-blue-600 dark:text-blue-400" aria-hidden />
        <h1 className="text-2xl font-bold">{t('open.title')}</h1>
      </div>
      {refused && (
        <p className="panel text-amber-800 dark:text-amber-300" role="alert" data-testid="open-refused">
          {t('open.refused')}
        </p>
      )}
      {(items === null || !targetsFor) && <p className="text-zinc-600 dark:text-zinc-400">{t('open.reading')}</p>}
      {targetsFor && items?.length === 0 && (
        <div className="panel space-y-3" data-testid="open-empty">
          {!refused && <p>{t(params.has('shared') || window.location.pathname === '/share-target' ? 'open.nothingShared' : 'open.nothing')}</p>}
          <button type="button" className="btn btn-primary" onClick={() => pickRef.current?.click()} data-testid="open-pick">
            <FolderOpen className="size-4" aria-hidden /> {t('open.pick')}
          </button>
          <input
            ref={pickRef}
            type="file"
            multiple
            className="hidden"
            data-testid="file-input"
            onChange={(e) => {
              const picked = Array.from(e.target.files ?? []);
              if (picked.length) setItems(picked.map((file) => ({ file })));
              e.target.value = '';
            }}
          />
        </div>
      )}
      {targetsFor &&
        groups.map((group, g) => (
          <section key={g} className="space-y-2" aria-labelledby={`open-group-${g}`} data-testid="open-group">
            <ul className="panel divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="open-list">
              {group.items.map(({ file }, i) => (
                <li key={`${file.name}-${i}`} className="flex justify-between gap-3 py-1.5 text-sm" data-testid="open-file">
                  <span className="min-w-0 truncate" dir="auto">
                    {withoutBidiControls(file.name)}
                  </span>
                  <span className="shrink-0 tabular-nums text-zinc-600 dark:text-zinc-400">{formatBytes(file.size, i18n.language)}</span>
                </li>
              ))}
            </ul>
            {group.targets.length ? (
              <>
                <h2 id={`open-group-${g}`} className="font-semibold">
                  {t('open.chooseTool', { count: group.items.length })}
                </h2>
                <div className="flex flex-wrap gap-2">
                  {group.targets.map((tool) => (
                    <button key={tool.id} type="button" className="btn btn-outline" onClick={() => open(group, tool.path)} data-testid="open-tool" data-tool={tool.id}>
                      {t(`tools.${tool.id}.name`)}
                    </button>
                  ))}
                </div>
              </>
            ) : (
              <p id={`open-group-${g}`} className="panel text-amber-800 dark:text-amber-300" data-testid="open-none">
                {t('open.noTool', { count: group.items.length })}
              </p>
            )}
          </section>
        ))}
    </div>
  );
}
