// Where /open finds its files: a share the service worker kept (public/share-target.js) or the files the
// system hands the installed app through "Open with" (File Handling's launchQueue).

const SHARE_CACHE = 'localkit-share';

/** The files of the last share, taken once: the cache is emptied as they are read. */
export async function takeSharedFiles(): Promise<File[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(SHARE_CACHE);
  const keys = (await cache.keys()).filter((k) => new URL(k.url).pathname.startsWith('/share-target/file/'));
  keys.sort((a, b) => Number(a.url.split('/').pop()) - Number(b.url.split('/').pop()));
  const files: File[] = [];
  for (const key of keys) {
    const response = await cache.match(key);
    if (!response) continue;
    const name = decodeURIComponent(response.headers.get('x-file-name') ?? 'file');
    const type = response.headers.get('content-type') ?? '';
    files.push(new File([await response.blob()], name, { type, lastModified: Number(response.headers.get('x-last-modified')) || Date.now() }));
  }
  await caches.delete(SHARE_CACHE);
  return files;
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
    void Promise.all(params.files.map((handle) => handle.getFile())).then(take, (error: unknown) => console.warn('Could not read the opened files', error));
  });
}
