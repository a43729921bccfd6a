// Engine files in Cache Storage: the same cache the service worker's CacheFirst rule for wasm, /ffmpeg/ and
// /models/ reads and fills, so a file stored here is what the tools get offline, and vice versa.
import { ENGINE_CACHE } from '../../engines/segmentation/cachedFetch';
import type { EngineFile } from './engines';

const absolute = (url: string) => new URL(url, location.origin).href;

export interface StoredState {
  /** Bytes of the engine's files that are in the cache (by the manifest's sizes). */
  stored: number;
  total: number;
  missing: EngineFile[];
}

export async function storedState(files: EngineFile[]): Promise<StoredState> {
  const cache = await caches.open(ENGINE_CACHE);
  const hits = await Promise.all(files.map((f) => cache.match(absolute(f.url))));
  const missing = files.filter((_, i) => !hits[i]);
  const total = files.reduce((s, f) => s + f.size, 0);
  return { stored: total - missing.reduce((s, f) => s + f.size, 0), total, missing };
}

/** A response whose body counts the bytes read through it. */
function counting(response: Response, onBytes: (n: number) => void): Response {
  const reader = response.body!.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      onBytes(value.byteLength);
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Fetches the files not yet stored, one after the other, streaming each into the cache. onBytes gets every
 * chunk's length as it arrives. A file whose length is not what the manifest says is not kept.
 */
export async function storeFiles(files: EngineFile[], onBytes: (n: number) => void = () => {}, signal?: AbortSignal): Promise<void> {
  const cache = await caches.open(ENGINE_CACHE);
  for (const file of files) {
    signal?.throwIfAborted();
    const url = absolute(file.url);
    if (await cache.match(url)) continue;
    const response = await fetch(url, { signal });
    if (!response.ok || !response.body) throw new Error(`${file.url}: HTTP ${response.status}`);
    let received = 0;
    await cache.put(url, counting(response, (n) => {
      received += n;
      onBytes(n);
    }));
    if (received !== file.size) {
      await cache.delete(url);
      throw new Error(`${file.url}: ${received} bytes, expected ${file.size}`);
    }
  }
}

export async function removeFiles(files: EngineFile[]): Promise<void> {
  const cache = await caches.open(ENGINE_CACHE);
  await Promise.all(files.map((f) => cache.delete(absolute(f.url))));
}
