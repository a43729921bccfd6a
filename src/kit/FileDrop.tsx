import { FolderOpen, Upload, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../lib/bytes';
import { acceptAttribute, screenFiles, type AcceptSpec, type Rejection } from './fileTypes';
import { chosenFolderFiles, FOLDER_FILE_LIMIT } from './folderFiles';
import { takeHandedOff } from './handoffStore';
import type { FileOrigin } from './useFileJobs';
import { useWindowDrop } from './useWindowDrop';

interface Props {
  accept: AcceptSpec;
  /** `origin.handed`: the files were left for this tool by another tool, a share or "Open with" (they wait for Start). */
  onFiles: (files: File[], origin?: FileOrigin) => void;
  multiple?: boolean;
  /** Human list of accepted formats, e.g. "TXT, MD, SRT, CSV". */
  typesLabel?: string;
  /** Listen for Ctrl+V anywhere on the page (default true). */
  paste?: boolean;
  disabled?: boolean;
}

/**
 * Click, drag and drop (on the zone or anywhere in the window), or paste files; choose or drop a folder to take
 * every file in it (its tree is kept in the ZIP). Wrong types and oversized files are named in an error (from a
 * folder, counted in one line); the rest load.
 */
export function FileDrop({ accept, onFiles, multiple = true, typesLabel, paste = true, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState<Rejection[]>([]);
  const [folderNote, setFolderNote] = useState<{ skipped: number; truncated: boolean } | null>(null);

  const take = (list: FileList | File[] | null | undefined, from: { folder: boolean; truncated: boolean; handed?: boolean } = { folder: false, truncated: false }) => {
    const files = Array.from(list ?? []);
    if (!files.length && !from.folder) return;
    const { accepted, rejected: bad } = screenFiles(accept, multiple ? files : files.slice(0, 1));
    // A folder holds whatever it holds: what this tool cannot take is counted, not listed file by file.
    setRejected(from.folder ? [] : bad);
    setFolderNote(from.folder && (bad.length || from.truncated) ? { skipped: bad.length, truncated: from.truncated } : null);
    if (accepted.length) onFiles(accepted, from.handed ? { handed: true } : undefined);
  };
  const takeRef = useRef(take);
  useEffect(() => {
    takeRef.current = take;
  });
  // Files dropped anywhere on the page land here, like on the zone itself.
  const dragging = useWindowDrop(!disabled, (files, from) => takeRef.current(files, from));
  // Files another tool, a share or "Open with" left for this tool arrive as if dropped here.
  useEffect(() => {
    const handed = takeHandedOff(window.location.pathname);
    if (handed) takeRef.current(handed, { folder: false, truncated: false, handed: true });
  }, []);
  // React has no prop for it: the folder picker is an <input type="file"> with webkitdirectory set.
  useEffect(() => {
    folderRef.current?.setAttribute('webkitdirectory', '');
  }, [multiple]);

  useEffect(() => {
    if (!paste || disabled) return;
    const onPaste = (e: ClipboardEvent) => {
      const target = e.target as HTMLElement | null;
      // Pasting text into a field is not a file drop.
      if (target?.closest('input, textarea, [contenteditable="true"]') && !e.clipboardData?.files.length) return;
      if (e.clipboardData?.files.length) {
        e.preventDefault();
        takeRef.current(e.clipboardData.files);
      }
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [paste, disabled]);

  const message = (r: Rejection) => {
    const p = r.error.params ?? {};
    return t(r.error.key, {
      ...p,
      size: typeof p.size === 'number' ? formatBytes(p.size, i18n.language) : p.size,
      limit: typeof p.limit === 'number' ? formatBytes(p.limit, i18n.language) : p.limit,
    });
  };

  return (
    <div>
      {dragging &&
        createPortal(
          <div
            className="pointer-events-none fixed inset-2 z-[90] flex items-center justify-center rounded-2xl border-4 border-dashed border-blue-600 bg-blue-50/80 text-xl font-semibold text-blue-900 dark:bg-blue-950/80 dark:text-blue-100"
            data-testid="drop-overlay"
            aria-hidden
          >
            <span className="flex items-center gap-3 rounded-xl bg-white/90 px-6 py-4 shadow-lg dark:bg-zinc-900/90">
              <Upload className="size-7" aria-hidden />
              {t('files.dropActive')}
            </span>
          </div>,
          document.body,
        )}
      <label
        htmlFor={inputId}
        data-testid="file-drop"
        data-dragging={dragging}
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-8 text-center transition focus-within:ring-2 focus-within:ring-blue-500 ${
          dragging ? 'border-blue-600 bg-blue-50 dark:bg-blue-950/40' : 'border-zinc-300 hover:border-blue-500 dark:border-zinc-700'
        } ${disabled ? 'pointer-events-none opacity-50' : ''}`}
      >
        <Upload className="size-8 text-blue-600 dark:text-blue-400" aria-hidden />
        {/* While dragging, the page-wide overlay says "Release…"; the zone keeps its own words rather than repeat it. */}
        <span className="font-medium">{t('files.dropHere')}</span>
        {typesLabel && <span className="text-sm text-zinc-600 dark:text-zinc-400">{t('files.accepted', { types: typesLabel })}</span>}
        {accept.maxSize !== undefined && <span className="text-sm text-zinc-600 dark:text-zinc-400">{t('files.maxSize', { size: formatBytes(accept.maxSize, i18n.language) })}</span>}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          className="sr-only"
          accept={acceptAttribute(accept)}
          multiple={multiple}
          disabled={disabled}
          data-testid="file-input"
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      {multiple && (
        <div className="mt-2 flex justify-end">
          <button type="button" className="btn btn-outline text-sm" disabled={disabled} onClick={() => folderRef.current?.click()} data-testid="choose-folder">
            <FolderOpen className="size-4" aria-hidden /> {t('files.chooseFolder')}
          </button>
          <input
            ref={folderRef}
            type="file"
            className="hidden"
            multiple
            disabled={disabled}
            data-testid="folder-input"
            onChange={(e) => {
              if (e.target.files) {
                const { files, truncated } = chosenFolderFiles(e.target.files);
                take(files, { folder: true, truncated });
              }
              e.target.value = '';
            }}
          />
        </div>
      )}
      {folderNote && (
        <p className="mt-2 rounded-md bg-amber-50 px-3 py-1.5 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200" role="status" data-testid="folder-note">
          {folderNote.skipped > 0 && t('files.folderSkipped', { count: folderNote.skipped })} {folderNote.truncated && t('files.folderTruncated', { limit: FOLDER_FILE_LIMIT.toLocaleString(i18n.language) })}
        </p>
      )}
      {rejected.length > 0 && (
        <ul className="mt-2 space-y-1" role="alert" data-testid="file-rejections">
          {rejected.map((r, i) => (
            <li key={`${r.name}-${i}`} className="flex items-center gap-2 rounded-md bg-red-50 px-3 py-1.5 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200">
              <span className="flex-1">{message(r)}</span>
              <button type="button" className="rounded p-0.5 hover:bg-red-100 dark:hover:bg-red-900" aria-label={t('actions.close')} onClick={() => setRejected((list) => list.filter((x) => x !== r))}>
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
