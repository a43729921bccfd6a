// Files from folders: a chosen folder (<input webkitdirectory>) or a dropped one (DataTransferItem entries), each
// file remembering the folder path it came from, so "download all" rebuilds the same tree in the ZIP.

/** Most files one folder may add: a hostile or mistaken drop (a whole disk) stops here instead of freezing. */
export const FOLDER_FILE_LIMIT = 5000;

const droppedPaths = new WeakMap<File, string>();

/** One path segment as a file name every system accepts: no separators, reserved or control characters. */
function safeSegment(segment: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = segment.replace(/[\u0000-\u001f\u007f<>:"|?*\\/]/g, '_').replace(/[. ]+$/, '').slice(0, 120);
  return clean === '' || /^\.+$/.test(clean) ? '' : clean;
}

/** A folder path made safe: no empty, "." or ".." parts, nothing absolute. */
export function safeFolderPath(path: string): string {
  return path
    .split(/[\\/]+/)
    .map(safeSegment)
    .filter(Boolean)
    .join('/');
}

/** The folder a file came from ('' for a file chosen or dropped on its own). */
export function folderOf(file: File): string {
  const full = droppedPaths.get(file) ?? file.webkitRelativePath ?? '';
  const slash = full.lastIndexOf('/');
  return slash > 0 ? safeFolderPath(full.slice(0, slash)) : '';
}

/** Hidden files a system leaves in folders (.DS_Store, ._resource forks, desktop.ini): never the user's work. */
const isSystemFile = (name: string) => name.startsWith('.') || /^(desktop\.ini|thumbs\.db)$/i.test(name);

/** What walking a dropped tree needs of the File and Directory Entries API (FileSystemEntry and its kin). */
export interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
  file?: (ok: (f: File) => void, fail: (e: unknown) => void) => void;
  createReader?: () => { readEntries: (ok: (entries: EntryLike[]) => void, fail: (e: unknown) => void) => void };
}

/** Every file under the entries, in name order per folder, with the path it had; at most `limit` files. */
export async function filesFromEntries(entries: EntryLike[], limit = FOLDER_FILE_LIMIT): Promise<{ files: File[]; truncated: boolean }> {
  const files: File[] = [];
  let truncated = false;
  const visit = async (entry: EntryLike): Promise<void> => {
    if (files.length >= limit) {
      truncated = true;
      return;
    }
    if (entry.isFile && entry.file) {
      if (isSystemFile(entry.name)) return;
      const file = await new Promise<File>((ok, fail) => entry.file!(ok, fail));
      droppedPaths.set(file, entry.fullPath.replace(/^\/+/, ''));
      files.push(file);
    } else if (entry.isDirectory && entry.createReader) {
      const reader = entry.createReader();
      // readEntries hands a folder over in batches (100 in Chromium) until it returns none.
      const children: EntryLike[] = [];
      for (;;) {
        const batch = await new Promise<EntryLike[]>((ok, fail) => reader.readEntries(ok, fail));
        if (!batch.length) break;
        children.push(...batch);
      }
      children.sort((a, b) => a.name.localeCompare(b.name));
      for (const child of children) await visit(child);
    }
  };
  for (const entry of entries) await visit(entry);
  return { files, truncated };
}

/**
 * The files of a drop, folders walked. The entries are taken at once: a DataTransfer empties when its event ends.
 * A drop without folders gives its files as they are.
 */
export function droppedFiles(data: DataTransfer): Promise<{ files: File[]; truncated: boolean; fromFolder: boolean }> {
  const entries = Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() as EntryLike | null | undefined);
  if (!entries.some((e) => e?.isDirectory)) return Promise.resolve({ files: Array.from(data.files), truncated: false, fromFolder: false });
  return filesFromEntries(entries.filter((e): e is EntryLike => !!e)).then((r) => ({ ...r, fromFolder: true }));
}

/** The files of a chosen folder, system files left out, at most the limit. */
export function chosenFolderFiles(list: FileList): { files: File[]; truncated: boolean } {
  const all = Array.from(list).filter((f) => !isSystemFile(f.name));
  return { files: all.slice(0, FOLDER_FILE_LIMIT), truncated: all.length > FOLDER_FILE_LIMIT };
}
