// The blobs the user has saved, so that a page knows which of its results a reload would lose.
const downloaded = new WeakSet<Blob>();
const downloadListeners = new Set<() => void>();

/** Records blobs as saved (a ZIP's entries when the ZIP is downloaded) and tells the listeners. */
export function markDownloaded(blobs: Blob[]): void {
  blobs.forEach((b) => downloaded.add(b));
  downloadListeners.forEach((l) => l());
}

/** Takes back a mark made for a hand-off the user then cancelled (they stayed on the page). */
export function unmarkDownloaded(blobs: Blob[]): void {
  blobs.forEach((b) => downloaded.delete(b));
  downloadListeners.forEach((l) => l());
}

export function wasDownloaded(blob: Blob): boolean {
  return downloaded.has(blob);
}

export function onDownloaded(listener: () => void): () => void {
  downloadListeners.add(listener);
  return () => downloadListeners.delete(listener);
}

/** Saves a blob under a file name through a temporary link; the object URL is revoked afterwards. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  markDownloaded([blob]);
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "Photo.JPG" -> "jpg"; "" when the name has no extension (".bashrc" has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** "photo.jpg" + "webp" -> "photo.webp"; "archive.tar.gz" keeps its dots but the last. */
export function replaceExtension(fileName: string, extension: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${base}.${extension.replace(/^\./, '')}`;
}

/** Makes names unique inside one ZIP: a.txt, a (2).txt, a (3).txt. */
export function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
