import { ERROR_INCOMPLETE_DOWNLOAD, ERROR_RESPONSE_BODY_READER } from './errors';

export interface DownloadProgress {
  url: string;
  /** Bytes expected (0 when the server does not say). */
  total: number;
  received: number;
  done: boolean;
}

/**
 * Fetches a same-origin engine file with download progress and returns a blob: URL for it.
 * When progress cannot be read (no body reader, no length), it falls back to a plain fetch.
 */
export async function fetchWithProgress(url: string, mime: string, onProgress?: (p: DownloadProgress) => void, fetchFn: typeof fetch = fetch): Promise<string> {
  const response = await fetchFn(url);
  if (!response.ok) throw new Error(`${ERROR_INCOMPLETE_DOWNLOAD}: ${url} ${response.status}`);
  const total = Number(response.headers.get('Content-Length') ?? 0);
  // A gzip-encoded response reports the compressed length: bytes received would overrun it.
  const encoded = !!response.headers.get('Content-Encoding');
  let blob: Blob;
  if (!response.body || !total || encoded) {
    blob = await plain(response, url, onProgress);
  } else {
    const reader = response.body.getReader();
    if (!reader) throw new Error(ERROR_RESPONSE_BODY_READER);
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    // More bytes than the length said: it was the compressed length of a body the browser has decoded (a cached
    // response can keep Content-Length and lose Content-Encoding). The real size is then unknown, not exceeded.
    let known = total;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      if (known && received > known) known = 0;
      onProgress?.({ url, total: known, received, done: false });
    }
    if (known && received !== known) throw new Error(ERROR_INCOMPLETE_DOWNLOAD);
    onProgress?.({ url, total: known || received, received, done: true });
    blob = new Blob(chunks);
  }
  return URL.createObjectURL(new Blob([blob], { type: mime }));
}

async function plain(response: Response, url: string, onProgress?: (p: DownloadProgress) => void): Promise<Blob> {
  const blob = await response.blob();
  // What arrived is the size: a gzip response's Content-Length counts its compressed bytes.
  onProgress?.({ url, total: blob.size, received: blob.size, done: true });
  return blob;
}
