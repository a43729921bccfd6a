// Where /open finds its files: a share the service worker kept (public/share-target.js) or the files the
// system hands the installed app through "Open with" (File Handling's launchQueue).

const SHARE_CACHE = 'localkit-share';
const FILE_PATH = '/share-target/file/';
/** A share never opened in a tool is not kept longer than this (public/share-target.js uses the same). */
export const SHARE_TTL_MS = 60 * 60_000;

// Explicit directional formatting characters (Unicode UAX #9) and the marks: a name such as
// "invoice\u202Egnp.exe" would display as "invoiceexe.png".
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A file name as it may be shown and kept: without bidi controls. */
export function withoutBidiControls(name: string): string {
  return name.replace(BIDI_CONTROLS, '');
}

export interface SharedFile {
  file: File;
  /** The cache entry it came from, emptied once a tool has taken it. */
  key: string;
}

const sharedAt = (response: Response) => Number(response.headers.get('x-shared-at')) || 0;

/**
 * The files of the last share still waiting for a tool. Reading them does not take them: a reload of /open
 * (a new version applied, the user's F5) lists them again; clearSharedFiles() takes them once a tool has.
 */
export async function readSharedFiles(now = Date.now()): Promise<SharedFile[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(SHARE_CACHE);
  const keys = (await cache.keys()).filter((k) => new URL(k.url).pathname.startsWith(FILE_PATH));
  keys.sort((a, b) => Number(a.url.split('/').pop()) - Number(b.url.split('/').pop()));
  const files: SharedFile[] = [];
  for (const key of keys) {
    const response = await cache.match(key);
    if (!response) continue;
    if (now - sharedAt(response) > SHARE_TTL_MS) {
      await cache.delete(key);
      continue;
    }
    let name = 'file';
    try {
      name = withoutBidiControls(decodeURIComponent(response.headers.get('x-file-name') ?? 'file')) || 'file';
    } catch {
      // A malformed escape keeps the plain name.
    }
    const type = response.headers.get('content-type') ?? '';
    const file = new File([await response.blob()], name, { type, lastModified: Number(response.headers.get('x-last-modified')) || Date.now() });
    files.push({ file, key: key.url });
  }
  return files;
}

/** Takes shared files out of the cache: a tool holds them now. */
export async function clearSharedFiles(keys: string[]): Promise<void> {
  if (typeof caches === 'undefined' || !keys.length) return;
  const cache = await caches.open(SHARE_CACHE);
  await Promise.all(keys.map((key) => cache.delete(key)));
}

/** Removes shares older than SHARE_TTL_MS that no tool ever took (called on every app start). */
export async function expireSharedFiles(now = Date.now()): Promise<void> {
  if (typeof caches === 'undefined' || !(await caches.has(SHARE_CACHE))) return;
  const cache = await caches.open(SHARE_CACHE);
  for (const key of await cache.keys()) {
    const response = await cache.match(key);
    if (!response || now - sharedAt(response) > SHARE_TTL_MS) await cache.delete(key);
  }
}

interface LaunchParams {
  files: { getFile: () => Promise<File> }[];
}
declare global {
  interface Window {
    launchQueue?: { setConsumer: (consumer: (params: LaunchParams) => void) => void };
  }
}

/** Calls back with the files each time the system opens the installed app with some ("Open with"). */
export function onLaunchFiles(take: (files: File[]) => void): void {
  window.launchQueue?.setConsumer((params) => {
    if (!params.files.length) return;
    void Promise.all(params.files.map((handle) => handle.getFile())).then(
      (files) => take(files.map((f) => (withoutBidiControls(f.name) === f.name ? f : new File([f], withoutBidiControls(f.name) || 'file', { type: f.type, lastModified: f.lastModified })))),
      (error: unknown) => console.warn('Could not read the opened files', error),
    );
  });
}
