// Where video outputs go: a file in the origin-private file system (OPFS), written as the encoder produces
// it, so neither the worker nor the page holds the whole result in memory. Each page keeps its outputs in
// its own folder and holds a Web Lock on it for as long as it lives; a later page removes the folders
// whose lock nobody holds (pages that were closed or crashed). Without OPFS, outputs stay in memory.

const ROOT = 'localkit-media';
const LOCK_PREFIX = 'localkit-media:';

async function rootDirectory(): Promise<FileSystemDirectoryHandle> {
  return (await navigator.storage.getDirectory()).getDirectoryHandle(ROOT, { create: true });
}

/** Folders of pages that are gone: their lock is not held. */
export function staleFolders(folders: string[], heldLocks: (string | undefined)[]): string[] {
  const held = new Set(heldLocks.filter((n): n is string => !!n?.startsWith(LOCK_PREFIX)).map((n) => n.slice(LOCK_PREFIX.length)));
  return folders.filter((f) => !held.has(f));
}

let session: Promise<string | null> | undefined;

/** This page's output folder (made, locked and the stale ones removed on first use); null without OPFS. */
export function outputFolder(): Promise<string | null> {
  session ??= (async () => {
    if (typeof navigator === 'undefined' || !navigator.storage?.getDirectory || !navigator.locks) return null;
    try {
      const name = crypto.randomUUID();
      await new Promise<void>((locked) => {
        // The callback's promise never settles: the lock lives as long as the page.
        void navigator.locks.request(LOCK_PREFIX + name, () => {
          locked();
          return new Promise<never>(() => {});
        });
      });
      const root = await rootDirectory();
      const { held = [] } = await navigator.locks.query();
      const folders: string[] = [];
      for await (const key of (root as unknown as { keys(): AsyncIterable<string> }).keys()) folders.push(key);
      for (const stale of staleFolders(folders, held.map((l) => l.name))) {
        if (stale !== name) await root.removeEntry(stale, { recursive: true }).catch(() => {});
      }
      await root.getDirectoryHandle(name, { create: true });
      return name;
    } catch {
      return null;
    }
  })();
  return session;
}

export interface OutputFile {
  writable: FileSystemWritableFileStream;
  /** The finished file, read from disk when used. */
  file(): Promise<File>;
}

/** A new output file in the page's folder (called in the media worker). */
export async function createOutputFile(folder: string, extension: string): Promise<OutputFile> {
  const dir = await (await rootDirectory()).getDirectoryHandle(folder, { create: true });
  const handle = await dir.getFileHandle(`${crypto.randomUUID()}.${extension}`, { create: true });
  const writable = await handle.createWritable();
  return { writable, file: () => handle.getFile() };
}

/** Removes an output the job made and did not keep (a file of the page's folder, by its name). */
export async function dropOutputFile(folder: string, file: File): Promise<void> {
  const dir = await (await rootDirectory()).getDirectoryHandle(folder);
  await dir.removeEntry(file.name).catch(() => {});
}
